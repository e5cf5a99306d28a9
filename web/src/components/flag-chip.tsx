import { Box, Chip } from '@mui/material';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * A staff flag on a row or a page (« Doublon possible », « Courriel en échec »): a few words shown,
 * the detail in the tooltip and in the text a screen reader reads. Outlined in the tone's dark shade,
 * for contrast on white.
 */
export function FlagChip({ label, detail, tone }: { label: string; detail: string; tone: 'warning' | 'error' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      title={detail}
      label={
        <>
          {label}
          <Box component="span" sx={visuallyHidden}>
            {` : ${detail}`}
          </Box>
        </>
      }
      // In a narrow column the words wrap inside the chip rather than spilling out of the cell.
      sx={{
        flexShrink: 0,
        maxWidth: '100%',
        height: 'auto',
        minHeight: 24,
        fontWeight: 600,
        color: `${tone}.dark`,
        borderColor: `${tone}.dark`,
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}
