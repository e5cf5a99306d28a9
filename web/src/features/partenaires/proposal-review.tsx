import { CIVILITES, PARTENAIRE_LABELS as L, PARTENAIRE_FIELD_KEYS, PARTENAIRE_MAX } from '@guichet/contract';
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
  TextField,
  Typography,
} from '@mui/material';
import { LogoField } from './logo-field.tsx';
import { type Errors, type FieldKey, shapeInput, tidyLink, type Values } from './partenaire-form.ts';
import { logoSrc } from './partenaires-api.ts';

/**
 * Current and proposed values side by side (spec §2): a changed row is tinted AND marked
 * « modifié », so the change never rests on colour alone. The proposal stays editable.
 */
export function ProposalReview(props: {
  current: Values;
  proposal: Values;
  errors: Errors;
  onChange: (key: FieldKey, value: string) => void;
}) {
  const { current, proposal, errors, onChange } = props;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Comparaison des données actuelles et des modifications proposées">
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
          {PARTENAIRE_FIELD_KEYS.map((key) => {
            const changed = current[key] !== proposal[key];
            const id = `proposition-${key}`;
            return (
              <TableRow
                key={key}
                data-champ={key}
                data-modifie={changed ? 'oui' : 'non'}
                sx={changed ? { bgcolor: '#fff4e5' } : undefined}
              >
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', fontWeight: 600 }}>
                  {L[key]}
                  {changed && (
                    <Box>
                      <Chip size="small" label="modifié" sx={{ mt: 0.5, bgcolor: '#8a3a00', color: '#fff' }} />
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word' }}>
                  {key === 'logo' ? (
                    <img
                      src={logoSrc(current.logo)}
                      alt={`Logo actuel de ${current.nom}`}
                      style={{ maxWidth: 160, maxHeight: 90, objectFit: 'contain' }}
                    />
                  ) : (
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                      {current[key]}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {key === 'logo' ? (
                    <LogoField
                      id={id}
                      label="Logo proposé"
                      value={proposal.logo}
                      nom={proposal.nom}
                      error={errors.logo}
                      onChange={(file) => onChange('logo', file)}
                    />
                  ) : key === 'civiliteR' ? (
                    <TextField
                      id={id}
                      select
                      label={`${L[key]} proposée`}
                      value={proposal[key]}
                      onChange={(e) => onChange(key, e.target.value)}
                      error={!!errors[key]}
                      helperText={errors[key] ?? ' '}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    >
                      {CIVILITES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </TextField>
                  ) : (
                    <TextField
                      id={id}
                      label={`${L[key]} (proposition)`}
                      value={proposal[key]}
                      multiline={key === 'presentation'}
                      onChange={(e) => onChange(key, shapeInput(key, e.target.value))}
                      onBlur={
                        key === 'lien' || key === 'lienOffres'
                          ? () => onChange(key, tidyLink(proposal[key]))
                          : undefined
                      }
                      error={!!errors[key]}
                      helperText={
                        key === 'presentation'
                          ? `${errors[key] ? `${errors[key]} — ` : ''}${proposal[key].length} / ${PARTENAIRE_MAX.presentation} caractères`
                          : (errors[key] ?? ' ')
                      }
                      slotProps={{ htmlInput: { maxLength: (PARTENAIRE_MAX as Record<string, number>)[key] } }}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
