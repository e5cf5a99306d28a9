import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

/** One field of a proposal: what is stored, what is proposed (text, or a control to correct it), and whether it differs. */
export type ReviewRow = {
  key: string;
  label: string;
  current: ReactNode;
  proposed: ReactNode;
  changed: boolean;
};

/** Text is shown as written (line breaks kept); anything else (an image, an input) as given. */
const cell = (value: ReactNode) =>
  typeof value === 'string' || typeof value === 'number' ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
      {value}
    </Typography>
  ) : (
    value
  );

/**
 * Current and proposed values side by side (a partner's or a landlord's changes awaiting staff): a
 * changed row is tinted AND marked « modifié », so the change never rests on colour alone. Rows
 * carry `data-champ` and `data-modifie` for tests.
 */
export function ProposalReview({
  rows,
  label = 'Comparaison des données actuelles et des modifications proposées',
}: {
  rows: readonly ReviewRow[];
  /** The table's accessible name. */
  label?: string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: '18%' }}>
              Champ
            </TableCell>
            <TableCell component="th" scope="col" sx={{ width: '37%' }}>
              Données actuelles
            </TableCell>
            <TableCell component="th" scope="col">
              Modifications proposées
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.key}
              data-champ={row.key}
              data-modifie={row.changed ? 'oui' : 'non'}
              sx={row.changed ? { bgcolor: '#fff4e5' } : undefined}
            >
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', fontWeight: 600 }}>
                {row.label}
                {row.changed && (
                  <Box>
                    <Chip size="small" label="modifié" sx={{ mt: 0.5, bgcolor: '#8a3a00', color: '#fff' }} />
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word' }}>{cell(row.current)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word' }}>{cell(row.proposed)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
