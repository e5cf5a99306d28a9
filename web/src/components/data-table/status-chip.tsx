import { Chip } from '@mui/material';

/** Status colours by id (docs/spec/decisions.md §2); the label is always written, colour never carries it alone. */
const COLORS: Record<number, { bg: string; fg: string }> = {
  1: { bg: '#fff0e0', fg: '#8a3a00' },
  2: { bg: '#e3f5e8', fg: '#0f5a2c' },
  3: { bg: '#fde8e8', fg: '#a10000' },
  4: { bg: '#eeeeee', fg: '#3a3a3a' },
};

export function StatusChip({ id, label }: { id: number; label: string }) {
  const c = COLORS[id] ?? COLORS[4];
  return (
    <Chip
      size="small"
      label={label}
      // A long label (« En attente depuis 12 jours ») wraps inside a narrow column rather than being cut.
      sx={{
        bgcolor: c.bg,
        color: c.fg,
        fontWeight: 600,
        border: `1px solid ${c.fg}`,
        height: 'auto',
        minHeight: 24,
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}
