import { formatDate, formatDateTime, formatPhone, STATUT, VERIFICATION_LABELS, VERIFICATIONS } from '@guichet/contract';
import { Chip, Link } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatutAttente, useAttenteFilter } from '../../components/data-table/ageing-chip.tsx';
import { DataTable, type TableColumn, type TableFilter } from '../../components/data-table/data-table.tsx';
import { DoublonCell } from '../../components/doublon.tsx';
import { useAdmin } from '../../lib/admin-context.ts';
import { paths } from '../../lib/paths.ts';
import { inscriptionsExport, inscriptionsList } from './inscriptions-api.ts';

/**
 * The specification's columns first, sized to fit beside the menu at 1280 px (cells wrap rather
 * than cut); the columns added since come after Statut and may scroll.
 */
const columns: TableColumn<typeof inscriptionsList>[] = [
  {
    field: 'date',
    headerName: 'Date',
    minWidth: 160,
    // The grid's tabIndex: one tab stop for the whole table, arrows reach the link (focused with its cell).
    renderCell: ({ row, tabIndex }) => (
      <Link component={RouterLink} to={paths.admin.inscription(row.id)} tabIndex={tabIndex}>
        {formatDateTime(row.date)}
      </Link>
    ),
  },
  {
    field: 'nom',
    headerName: 'Nom',
    flex: 1,
    minWidth: 130,
    // « Doublon possible » beside the name, or under it when the column is narrow.
    renderCell: ({ row }) => <DoublonCell text={row.nom} par={row.doublon} />,
  },
  { field: 'prenom', headerName: 'Prénom', flex: 0.8, minWidth: 100 },
  {
    field: 'telephone',
    headerName: 'Téléphone',
    minWidth: 125,
    valueFormatter: (v: string) => formatPhone(v),
  },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 150 },
  {
    field: 'adresse',
    headerName: 'Adresse du logement',
    flex: 1.4,
    minWidth: 150,
    valueGetter: (_v, row) => `${row.adresse}, ${row.cp} ${row.ville}`,
  },
  {
    field: 'statut',
    headerName: 'Statut',
    minWidth: 130,
    renderCell: ({ row }) => <StatutAttente id={row.idStatut} label={row.statut} date={row.date} />,
  },
  {
    field: 'dateConfirmation',
    headerName: 'Confirmée le',
    minWidth: 120,
    // Only a published offer has been confirmed: a pending or refused one would show its deposit date.
    renderCell: ({ row }) => (row.idStatut === STATUT.valide ? formatDate(row.dateConfirmation) : ''),
  },
  {
    field: 'tempdata',
    headerName: 'Modifications',
    sortable: false,
    minWidth: 130,
    // Words, not a colour alone: the landlord's changes await review on the offer's page.
    renderCell: ({ row }) =>
      row.tempdata ? <Chip size="small" label="À valider" sx={{ bgcolor: '#8a3a00', color: '#fff' }} /> : null,
  },
];

/** Landlord housing offers (docs/spec/portal-spec.md §2 Inscriptions list). */
export function InscriptionsListPage() {
  const { statuts } = useAdmin();
  const attente = useAttenteFilter();
  const filters = useMemo<TableFilter<typeof inscriptionsList>[]>(
    () => [
      { name: 'date', label: 'Date', type: 'date' },
      { name: 'nom', label: 'Nom', type: 'text' },
      { name: 'telephone', label: 'Téléphone', type: 'text' },
      { name: 'email', label: 'Email', type: 'text' },
      { name: 'adresse', label: 'Adresse du logement', type: 'text' },
      {
        name: 'statut',
        label: 'Statut',
        type: 'select',
        options: statuts.map((s) => ({ value: s.id, label: s.libelle })),
      },
      attente,
      {
        name: 'tempdata',
        label: 'Modifications à valider',
        type: 'select',
        options: [
          { value: 'true', label: 'Oui' },
          { value: 'false', label: 'Non' },
        ],
      },
      {
        name: 'verification',
        label: 'Vérification',
        type: 'select',
        options: VERIFICATIONS.map((v) => ({ value: v, label: VERIFICATION_LABELS[v] })),
      },
    ],
    [statuts, attente],
  );
  return (
    <DataTable
      title="Inscriptions"
      endpoint={inscriptionsList}
      columns={columns}
      defaultSort={{ name: 'date', direction: 'desc' }}
      filters={filters}
      exportEndpoint={inscriptionsExport}
    />
  );
}
