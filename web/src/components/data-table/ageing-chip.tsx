import { attenteFilterLabel, enAttenteDepuisLabel, STATUT } from '@guichet/contract';
import { Stack } from '@mui/material';
import { useSearchParams } from 'react-router';
import { daysSince, useAgeingDays } from '../../lib/notifications.ts';
import type { FilterDef } from './filter-bar.tsx';
import { StatusChip } from './status-chip.tsx';

/**
 * A row's status, or « En attente depuis N jours » when it has waited more than AGEING_DAYS
 * (issue 18). `since`: when it started waiting, null when it does not wait. A row waiting while
 * its status is another one (a partner's proposed changes) shows both.
 */
export function StatutAttente({
  id,
  label,
  date,
  since = id === STATUT.enAttente ? date : null,
}: {
  id: number;
  label: string;
  /** When the row came in: it waits since then while « En attente ». */
  date?: string;
  /** Since when it waits, when that is not its status alone (a partner's proposed changes). */
  since?: string | null;
}) {
  const ageing = useAgeingDays();
  const late = !!since && ageing !== undefined && Date.now() - new Date(since).getTime() > ageing * 86_400_000;
  if (!late) return <StatusChip id={id} label={label} />;
  const waiting = enAttenteDepuisLabel(daysSince(since));
  if (id === STATUT.enAttente) return <StatusChip id={id} label={waiting} />;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start', justifyContent: 'center', height: '100%' }}>
      <StatusChip id={id} label={label} />
      <StatusChip id={STATUT.enAttente} label={waiting} />
    </Stack>
  );
}

/**
 * The lists' filter « En attente depuis plus de N jours » (`f.attente=N`, the dashboard's links):
 * N is AGEING_DAYS, or the address's own value while the threshold loads or if it differs.
 */
export function useAttenteFilter(): FilterDef<'attente'> {
  const ageing = useAgeingDays();
  const [sp] = useSearchParams();
  const asked = Number(sp.get('f.attente'));
  const values = [...new Set([ageing, Number.isInteger(asked) && asked > 0 ? asked : undefined])].filter(
    (v): v is number => v !== undefined,
  );
  return {
    name: 'attente',
    label: 'Attente',
    type: 'select',
    options: values.map((v) => ({ value: v, label: attenteFilterLabel(v) })),
  };
}
