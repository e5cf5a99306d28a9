import type { LogementStored, ProprietaireStored } from '@guichet/contract';
import { formatPhone, INSCRIPTION_LABELS as L, normalizePhone, PROPRIETAIRE_FIELDS } from '@guichet/contract/forms';
import { Box, Typography } from '@mui/material';

type Fact = [label: string, value: string];
const yesNo = (b: boolean) => (b ? 'Oui' : 'Non');
/** "45.5" → "45,50 €" */
export const formatCharges = (s: string) => {
  const n = Number(s);
  return Number.isFinite(n) && s !== '' ? `${n.toFixed(2).replace('.', ',')} €` : s;
};

export type ProprietaireValues = ProprietaireStored;
export type LogementValues = LogementStored;

/** The phone grouped by two ("06 12 34 56 78"), as typed or as stored. */
export const proprietaireFacts = (p: ProprietaireValues): Fact[] =>
  PROPRIETAIRE_FIELDS.map((k) => [L[k], k === 'telephone' ? formatPhone(normalizePhone(p[k]) ?? p[k]) : p[k]]);

/** The housing in the order of the wizard; floor and parking type only when they apply. */
export const logementFacts = (l: LogementValues): Fact[] => {
  const facts: (Fact | false)[] = [
    [L.proximite, l.proximite],
    [L.type, l.type],
    [L.colocation, l.colocation],
    [L.immeuble, l.immeuble],
    !!l.etage && [L.etage, l.etage],
    [L.surface, l.surface],
    [L.chauffage, l.chauffage],
    [L.loyer, l.loyer],
    [L.charges, formatCharges(l.charges)],
    [L.equipement, l.equipement],
    [L.infoLogement, l.infoLogement],
    [L.ascenceur, yesNo(l.ascenceur)],
    [L.parking, l.parking],
    !!l.typeParking && [L.typeParking, l.typeParking],
    [L.localVelo, yesNo(l.localVelo)],
    [L.caf, l.caf],
  ];
  return facts.filter((f): f is Fact => !!f);
};

/** Label and value pairs as a description list: read as pairs by screen readers. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 2fr) 3fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
