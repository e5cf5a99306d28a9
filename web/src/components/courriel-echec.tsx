import { COURRIEL_MESSAGES, formatDateTime } from '@guichet/contract';
import { Box, Chip } from '@mui/material';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

type Echec = { date: string; erreur: string | null };
const detail = (e: Echec) => `courriel du ${formatDateTime(e.date)} non remis${e.erreur ? ` (${e.erreur})` : ''}`;

/**
 * « Courriel en échec » on a student request or a partner (issue 18): its last mail of that kind was
 * given up after every attempt. When and why are in the tooltip and in the text a screen reader reads.
 */
export function CourrielEchecChip({ echec }: { echec: Echec | null | undefined }) {
  if (!echec) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="error"
      title={detail(echec)}
      label={
        <>
          {COURRIEL_MESSAGES.enEchec}
          <Box component="span" sx={visuallyHidden}>
            {` : ${detail(echec)}`}
          </Box>
        </>
      }
      sx={{ fontWeight: 600, color: 'error.dark', borderColor: 'error.dark' }}
    />
  );
}
