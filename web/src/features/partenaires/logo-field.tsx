import { LOGO_MAX_BYTES, LOGO_MIME, logoErreurDetail, logoFormatRecu, MESSAGES } from '@guichet/contract/forms';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { HelpText, Legend } from '../../components/form/field-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { logoSrc } from './logo-address.ts';
import { uploadLogo } from './register-api.ts';

export const LOGO_HINT = 'Formats acceptés : JPEG ou PNG, 3 Mo maximum';

/**
 * What to say when an upload is refused: the server's own sentence when the file is fine but
 * the upload is not accepted now (too many sent, storage full: 429, 503), else the format hint.
 */
export function logoUploadError(err: unknown): string {
  if (err instanceof ApiError && (err.status === 429 || err.status === 503)) return err.message;
  // The server's refusal names the file it received (format, size).
  if (err instanceof ApiError && err.status === 400 && err.message.startsWith(MESSAGES.erreurLogo)) return err.message;
  return MESSAGES.erreurLogo;
}

/** A file refused before it travels: the spec's sentence, then its format (by its first bytes) and size. */
export async function logoLocalError(file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  return logoErreurDetail(MESSAGES.erreurLogo, { format: logoFormatRecu(head), bytes: file.size });
}

/**
 * A logo: the current image, a button that opens the file chooser, and the upload. The server
 * checks format and size again; here a wrong file is refused before it travels.
 */
export function LogoField(props: {
  id: string;
  label: string;
  value: string;
  /** Name of the partner, for the image's alternative text. */
  nom: string;
  error?: string;
  onChange: (file: string) => void;
  buttonLabel?: string;
  /** false when keeping the current logo is allowed (self-update). */
  required?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const hintId = useId();
  const error = localError ?? props.error;

  async function chosen(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    if (!(LOGO_MIME as readonly string[]).includes(file.type) || file.size > LOGO_MAX_BYTES) {
      setLocalError(await logoLocalError(file));
      return;
    }
    setUploading(true);
    try {
      const res = await uploadLogo(file);
      props.onChange(res.file);
    } catch (err) {
      setLocalError(logoUploadError(err));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Legend data-error={error ? true : undefined}>
        {props.label}
        {props.required !== false && <span aria-hidden="true"> *</span>}
      </Legend>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 160,
            height: 100,
            border: '1px solid',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.paper',
            overflow: 'hidden',
            position: 'relative',
          }}
        >
          {props.value ? (
            // The whole logo, scaled down to the frame: a percentage max-height in a grid cell does
            // not bound a tall image, which the frame then cropped.
            <img
              src={logoSrc(props.value)}
              alt={props.nom ? `Logo de ${props.nom}` : 'Aperçu du logo'}
              style={{
                position: 'absolute',
                inset: 4,
                width: 'calc(100% - 8px)',
                height: 'calc(100% - 8px)',
                objectFit: 'contain',
              }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Aucun logo
            </Typography>
          )}
        </Box>
        <Stack spacing={0.5}>
          <Box>
            <Button
              id={props.id}
              variant="outlined"
              startIcon={<UploadFileIcon />}
              // Not disabled while sending: the keyboard focus stays on the button (a second press waits).
              onClick={() => !uploading && input.current?.click()}
              aria-disabled={uploading || undefined}
              aria-describedby={hintId}
            >
              {uploading
                ? 'Envoi du logo…'
                : (props.buttonLabel ?? (props.value ? 'Changer le logo' : 'Choisir un logo'))}
            </Button>
          </Box>
          <input
            ref={input}
            type="file"
            accept={LOGO_MIME.join(',')}
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid={`${props.id}-fichier`}
            onChange={(e) => chosen(e.target.files?.[0])}
          />
          <Box id={hintId}>
            <Typography variant="body2" color="text.secondary">
              {LOGO_HINT}
            </Typography>
            <HelpText data-error={error ? true : undefined} role={error ? 'alert' : undefined} sx={{ m: 0 }}>
              {error ?? ''}
            </HelpText>
          </Box>
          <Typography variant="body2" role="status" sx={{ minHeight: 0 }}>
            {uploading ? 'Envoi du logo en cours…' : ''}
          </Typography>
        </Stack>
      </Stack>
    </Stack>
  );
}
