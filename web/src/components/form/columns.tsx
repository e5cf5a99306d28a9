import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A CSS grid of twelve columns from `md` (one column below, fields stacked on a phone), laid out as
 * MUI's Grid did (`columnSpacing={2}`, `rowSpacing` as `rowGap`), without its code in a public
 * form's first load.
 */
export function Columns({ rowGap = 0, children }: { rowGap?: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(12, minmax(0, 1fr))' },
        columnGap: 2,
        rowGap,
      }}
    >
      {children}
    </Box>
  );
}

/** A cell `span` twelfths wide from `md`, the whole width below. */
export function Cell({ span, children }: { span: 4 | 6 | 8 | 12; children: ReactNode }) {
  return <Box sx={{ gridColumn: { md: `span ${span}` } }}>{children}</Box>;
}
