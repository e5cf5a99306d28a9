import {
  COURRIEL_STATUT_FILTRES,
  COURRIEL_STATUTS,
  COURRIEL_TYPES,
  COURRIELS_RETARD_MINUTES,
  type CourrielStatut,
  type CourrielType,
  formatDateTime,
} from '@guichet/contract';
import { Chip, Link, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { BannerAlert, useBanner, useFocusOnBanner } from '../../components/banner.tsx';
import { DataTable, type TableColumn, type TableFilter } from '../../components/data-table/data-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { menuFor, useCurrentUser } from '../../lib/session.ts';
import { CourrielDialog } from './courriel-dialog.tsx';
import { courrielsList, useRenvoi } from './courriels-api.ts';
import { RenvoiFiltres } from './renvoi-filtres.tsx';

/** The label is always written; the colour only repeats it. */
const STATUT_COLORS: Record<CourrielStatut, { bg: string; fg: string }> = {
  pending: { bg: '#fff0e0', fg: '#8a3a00' },
  sending: { bg: '#e3eefb', fg: '#0b4a8b' },
  sent: { bg: '#e3f5e8', fg: '#0f5a2c' },
  failed: { bg: '#fde8e8', fg: '#a10000' },
};
export function CourrielStatutChip({ statut }: { statut: CourrielStatut }) {
  const c = STATUT_COLORS[statut];
  return (
    <Chip
      size="small"
      label={COURRIEL_STATUTS[statut]}
      sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600, border: `1px solid ${c.fg}` }}
    />
  );
}

export const typeLabel = (type: CourrielType | null) => (type ? COURRIEL_TYPES[type] : '—');

const filters: TableFilter<typeof courrielsList>[] = [
  {
    name: 'statut',
    label: 'Statut',
    type: 'select',
    options: COURRIEL_STATUT_FILTRES.map((s) => ({ value: s, label: COURRIEL_STATUTS[s] })),
  },
  {
    name: 'type',
    label: 'Type',
    type: 'select',
    options: (Object.keys(COURRIEL_TYPES) as CourrielType[]).map((t) => ({ value: t, label: COURRIEL_TYPES[t] })),
  },
  { name: 'date', label: 'Date', type: 'date' },
];

/**
 * « Courriels »: every mail of the outbox, newest first, each error in French; a mail can be read
 * (personal links masked). The administrator resends a failed one, or every failed mail of the
 * list as filtered.
 */
export function CourrielsPage() {
  const [open, setOpen] = useState<number | null>(null);
  const banner = useBanner();
  const renvoi = useRenvoi();
  const admin = menuFor(useCurrentUser().data?.user?.roles ?? []).administration;
  // The ticked rows leave the selection with the action: the focus goes to its result.
  const { bannerRef, focusResult } = useFocusOnBanner(banner.banner);

  async function resend(ids: number[]) {
    if (renvoi.isPending || ids.length === 0) return;
    banner.clear();
    try {
      const res = await renvoi.mutateAsync({ ids });
      banner.success(res.message);
    } catch (e) {
      // 409/404 name each mail in cause (already resent by someone else, purged…).
      banner.error(e instanceof ApiError ? e.message : 'Le renvoi a échoué. Réessayez dans un instant.');
    }
    focusResult();
  }

  const columns = useMemo<TableColumn<typeof courrielsList>[]>(
    () => [
      { field: 'date', headerName: 'Date', minWidth: 150, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'destinataire', headerName: 'Destinataire', flex: 1.2, minWidth: 150 },
      {
        field: 'objet',
        headerName: 'Objet',
        flex: 1.6,
        minWidth: 160,
        // A button in the cell: one tab stop for the grid, arrows reach it with its cell.
        renderCell: ({ row, tabIndex }) => (
          <Link
            component="button"
            type="button"
            tabIndex={tabIndex}
            onClick={() => setOpen(row.id)}
            sx={{ textAlign: 'left' }}
          >
            {row.objet}
          </Link>
        ),
      },
      { field: 'type', headerName: 'Type', flex: 1, minWidth: 120, valueFormatter: typeLabel },
      {
        field: 'statut',
        headerName: 'Statut',
        minWidth: 170,
        renderCell: ({ row }) => (
          <>
            <CourrielStatutChip statut={row.statut} />
            {/* Normally gone in seconds: waiting this long means the mail server is down or slow. */}
            {(row.statut === 'pending' || row.statut === 'sending') &&
              Date.now() - Date.parse(row.date) > COURRIELS_RETARD_MINUTES * 60_000 && (
                <Typography component="span" variant="body2" sx={{ ml: 1, color: '#8a3a00', fontWeight: 600 }}>
                  {` depuis plus de ${COURRIELS_RETARD_MINUTES} min`}
                </Typography>
              )}
          </>
        ),
      },
      { field: 'tentatives', headerName: 'Tentatives', type: 'number', minWidth: 90 },
      {
        field: 'derniereErreur',
        headerName: 'Dernière erreur',
        sortable: false,
        flex: 1.4,
        minWidth: 150,
        valueFormatter: (v: string | null) => v ?? '',
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        title="Courriels"
        endpoint={courrielsList}
        columns={columns}
        defaultSort={{ name: 'date', direction: 'desc' }}
        filters={filters}
        banner={<BannerAlert ref={bannerRef} banner={banner.banner} onClose={banner.clear} />}
        toolbar={
          admin && (
            <RenvoiFiltres
              onResult={(r) => {
                if (r.ok) banner.success(r.message);
                else banner.error(r.message);
                focusResult();
              }}
            />
          )
        }
      />
      <CourrielDialog
        id={open}
        onClose={() => setOpen(null)}
        // The dialog closes first: the result (or the refusal) shows in the page's banner.
        onResend={
          admin
            ? (id) => {
                setOpen(null);
                resend([id]);
              }
            : undefined
        }
        resending={renvoi.isPending}
      />
    </>
  );
}
