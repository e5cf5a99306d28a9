import {
  formatDate,
  formatDateTime,
  parisYear,
  partenaireEndpoints,
  RENOUVELLEMENT_ETATS,
  RENOUVELLEMENT_LABELS,
  type RenouvellementEtat,
} from '@guichet/contract';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Link, TextField } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CourrielEchecChip } from '../../components/courriel-echec.tsx';
import { StatutAttente, useAttenteFilter } from '../../components/data-table/ageing-chip.tsx';
import { DataTable, type TableColumn, type TableFilter } from '../../components/data-table/data-table.tsx';
import { DoublonCell } from '../../components/doublon.tsx';
import { useAdmin } from '../../lib/admin-context.ts';
import { paths } from '../../lib/paths.ts';
import { useCategories } from './directory-api.ts';
import { ExternalLink } from './partenaire-card.tsx';
import { RenewalCampaign } from './renewal-campaign.tsx';

/**
 * The specification's columns first, sized to fit beside the menu at 1280 px (cells wrap rather
 * than cut); « Renouvellement », added since, comes last and may scroll.
 */
const columns: TableColumn<typeof partenaireEndpoints.list>[] = [
  {
    field: 'tempdata',
    headerName: 'Données à valider',
    width: 52,
    renderHeader: () => <WarningAmberIcon titleAccess="Données à valider" fontSize="small" />,
    renderCell: ({ row }) =>
      row.tempdata ? <WarningAmberIcon titleAccess="Données à valider" sx={{ color: 'warning.main' }} /> : null,
  },
  {
    field: 'token',
    headerName: 'Mail envoyé',
    width: 52,
    renderHeader: () => <MailOutlineIcon titleAccess="Mail envoyé" fontSize="small" />,
    renderCell: ({ row }) => (row.token ? <MailOutlineIcon titleAccess="Mail envoyé" color="primary" /> : null),
  },
  {
    field: 'date',
    headerName: 'Date inscription',
    minWidth: 160,
    // The grid's tabIndex: one tab stop for the whole table, arrows reach the link (focused with its cell).
    renderCell: ({ row, tabIndex }) => (
      <Link component={RouterLink} to={paths.admin.partenaire(row.id)} tabIndex={tabIndex}>
        {formatDateTime(row.date)}
      </Link>
    ),
  },
  {
    field: 'dateLastUpdate',
    headerName: 'Dernière mise à jour',
    minWidth: 120,
    valueFormatter: (v: string | null) => formatDate(v),
  },
  {
    field: 'nom',
    headerName: 'Nom',
    flex: 1,
    minWidth: 140,
    // « Doublon possible » beside the name, or under it when the column is narrow.
    renderCell: ({ row }) => <DoublonCell text={row.nom} par={row.doublon} />,
  },
  {
    field: 'lien',
    headerName: 'Site web',
    flex: 1,
    minWidth: 110,
    renderCell: ({ row, tabIndex }) => (
      <ExternalLink href={row.lien} tabIndex={tabIndex}>
        {row.lien.replace(/^https?:\/\//i, '')}
      </ExternalLink>
    ),
  },
  {
    field: 'categorie',
    headerName: 'Catégorie',
    flex: 0.8,
    minWidth: 110,
    valueFormatter: (v: string | null) => v ?? '',
  },
  {
    field: 'statut',
    headerName: 'Statut',
    minWidth: 125,
    renderCell: ({ row }) => <StatutAttente id={row.idStatut} label={row.statut} since={row.enAttenteDepuis} />,
  },
  {
    field: 'actif',
    headerName: 'Activé',
    minWidth: 80,
    valueFormatter: (v: boolean) => (v ? 'Actif' : 'Inactif'),
  },
  {
    field: 'renouvellement',
    headerName: 'Renouvellement',
    minWidth: 150,
    sortable: false,
    valueFormatter: (v: RenouvellementEtat) => RENOUVELLEMENT_LABELS[v],
    // A renewal mail given up never reached the partner: « Courriel en échec » rather than « Sans réponse ».
    renderCell: ({ row, formattedValue }) =>
      row.courrielEchec ? <CourrielEchecChip echec={row.courrielEchec} /> : formattedValue,
  },
];

const yesNo = [
  { value: 'true', label: 'Oui' },
  { value: 'false', label: 'Non' },
];

/** The years offered: this one and the nine before (docs/spec/decisions.md §3). */
const years = () => {
  const now = parisYear();
  return Array.from({ length: 10 }, (_, i) => now - i);
};

/** Partners (docs/spec/portal-spec.md §2 Partners list), with the year selector kept in the URL. */
export function PartenairesListPage() {
  const { statuts } = useAdmin();
  const attente = useAttenteFilter();
  const [search, setSearch] = useSearchParams();
  const annee = Number(search.get('annee')) || undefined;
  const categories = useCategories();
  const filters = useMemo<TableFilter<typeof partenaireEndpoints.list>[]>(
    () => [
      { name: 'tempdata', label: 'Données à valider', type: 'select', options: yesNo },
      { name: 'token', label: 'Mail envoyé', type: 'select', options: yesNo },
      {
        name: 'renouvellement',
        label: 'Renouvellement',
        type: 'select',
        options: RENOUVELLEMENT_ETATS.map((v) => ({
          value: v,
          label: v === 'jamais' ? 'Jamais envoyé' : RENOUVELLEMENT_LABELS[v],
        })),
      },
      { name: 'date', label: 'Date inscription', type: 'date' },
      { name: 'nom', label: 'Nom', type: 'text' },
      {
        name: 'categorie',
        label: 'Catégorie',
        type: 'select',
        options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.libelle })),
      },
      {
        name: 'statut',
        label: 'Statut',
        type: 'select',
        options: statuts.map((s) => ({ value: s.id, label: s.libelle })),
      },
      attente,
      {
        name: 'actif',
        label: 'Activé',
        type: 'select',
        options: [
          { value: 'true', label: 'Actif' },
          { value: 'false', label: 'Inactif' },
        ],
      },
    ],
    [statuts, categories.data, attente],
  );
  const setAnnee = (value: string) =>
    setSearch(
      () => {
        // From the address as it is now (see use-table-state: a render's parameters can be stale).
        const next = new URLSearchParams(window.location.search);
        if (value) next.set('annee', value);
        else next.delete('annee');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <DataTable
      title="Partenaires"
      endpoint={partenaireEndpoints.list}
      columns={columns}
      defaultSort={{ name: 'date', direction: 'desc' }}
      filters={filters}
      extraParams={{ annee }}
      exportEndpoint={partenaireEndpoints.export}
      listActions={(list) => <RenewalCampaign list={list} />}
      toolbar={
        <TextField
          id="annee"
          select
          label="Année"
          value={annee ? String(annee) : ''}
          onChange={(e) => setAnnee(e.target.value)}
          sx={{ width: 180 }}
          fullWidth={false}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Toutes les années</option>
          {years().map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </TextField>
      }
      banner={
        <Alert severity="info">
          Un partenaire doit avoir le statut « Validé » et être « Actif » pour apparaître sur la page publique des
          partenaires.
        </Alert>
      }
    />
  );
}
