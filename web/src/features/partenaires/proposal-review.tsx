import { CIVILITES, PARTENAIRE_LABELS as L, PARTENAIRE_FIELD_KEYS } from '@guichet/contract';
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
import { type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { SelectInput } from '../../components/form/fields.tsx';
import { type PartenaireForm, PartenaireInput, PartenaireLogo } from './partenaire-fields.tsx';
import { sameValues, type Values } from './partenaire-form.ts';
import { logoSrc } from './partenaires-api.ts';

/**
 * Current and proposed values side by side (docs/spec/portal-spec.md §2): a changed row is tinted AND marked
 * « modifié », so the change never rests on colour alone. The proposal stays editable: `form`
 * holds it (ids `proposition-…`).
 */
export function ProposalReview<T extends FieldValues>({ current, form }: { current: Values; form: PartenaireForm<T> }) {
  const proposal = { ...current, ...(useWatch({ control: form.control }) as Partial<Values>) };
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
            // The same comparison as the forms: a phone in another spelling is no change.
            const changed = !sameValues({ ...current, [key]: proposal[key] }, current);
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
                    <PartenaireLogo form={form} label="Logo proposé" />
                  ) : key === 'civiliteR' ? (
                    <SelectInput
                      form={form}
                      name={'civiliteR' as FieldPath<T>}
                      label={`${L[key]} proposée`}
                      placeholder={null}
                      options={CIVILITES}
                    />
                  ) : (
                    <PartenaireInput form={form} name={key} label={`${L[key]} (proposition)`} required={false} />
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
