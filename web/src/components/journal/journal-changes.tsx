import {
  formatDateTime,
  type JournalLine,
  journalActionLabel,
  journalChampLabel,
  journalValueText,
  LOGO_NAME,
  logoEndpoints,
  type Wire,
} from '@guichet/contract';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { endpointUrl } from '../../lib/api.ts';

/** A journal line as it travels (its date as a string). */
export type JournalLigne = Wire<JournalLine>;

/** Whether the line kept values to compare (a login or a mail sent has none). */
export const hasChanges = (l: Pick<JournalLigne, 'avant' | 'apres'>) =>
  Object.keys({ ...l.avant, ...l.apres }).length > 0;

const logoUrl = (file: string) => endpointUrl(logoEndpoints.download, { params: { file } });

/**
 * A cell's value. A partner's logo is a stored file's random name, which says nothing: the image
 * instead, and « Logo remplacé » on the side of the new one.
 */
function ValueCell({ ligne, champ, cote }: { ligne: JournalLigne; champ: string; cote: 'avant' | 'apres' }) {
  const value = ligne[cote]?.[champ];
  if (ligne.entite === 'partenaire' && champ === 'logo' && typeof value === 'string' && LOGO_NAME.test(value)) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <img
          src={logoUrl(value)}
          alt={cote === 'avant' ? 'Logo précédent' : 'Nouveau logo'}
          style={{ width: 80, height: 48, objectFit: 'contain' }}
        />
        <span>{cote === 'avant' ? 'Logo précédent' : 'Logo remplacé'}</span>
      </Box>
    );
  }
  return <>{journalValueText(value)}</>;
}

/** « Avant » / « Après » of one line: a row per field it changed, French field names. */
export function JournalChanges({ ligne }: { ligne: JournalLigne }) {
  const keys = Object.keys({ ...ligne.avant, ...ligne.apres });
  if (keys.length === 0) return <Typography color="text.secondary">Aucune valeur enregistrée.</Typography>;
  return (
    <Table size="small" aria-label="Valeurs avant et après">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Champ
          </TableCell>
          <TableCell component="th" scope="col">
            Avant
          </TableCell>
          <TableCell component="th" scope="col">
            Après
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row">
              {journalChampLabel(k, ligne.entite)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
              <ValueCell ligne={ligne} champ={k} cote="avant" />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
              <ValueCell ligne={ligne} champ={k} cote="apres" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One line in full: who, when, what, and its values before and after. */
export function JournalLigneDialog({ ligne, onClose }: { ligne: JournalLigne | null; onClose: () => void }) {
  return (
    <Dialog open={ligne !== null} onClose={onClose} aria-labelledby="journal-ligne-titre" maxWidth="md" fullWidth>
      {ligne && (
        <>
          <DialogTitle id="journal-ligne-titre">{journalActionLabel(ligne.action)}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>
              Le {formatDateTime(ligne.date)}, par {ligne.agent ?? 'le système'}
            </Typography>
            {ligne.resume && <Typography sx={{ mb: 2 }}>{ligne.resume}</Typography>}
            <JournalChanges ligne={ligne} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              Fermer
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
