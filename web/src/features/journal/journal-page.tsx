import {
  formatDateTime,
  JOURNAL_ACTIONS,
  JOURNAL_ENTITES,
  type JournalEntite,
  journalActionLabel,
} from '@guichet/contract';
import { Link } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type TableColumn, type TableFilter } from '../../components/data-table/data-table.tsx';
import { hasChanges, type JournalLigne, JournalLigneDialog } from '../../components/journal/journal-changes.tsx';
import { paths } from '../../lib/paths.ts';
import { journalExport, journalList } from './journal-api.ts';

const entiteLabel = (e: string | null) => (e ? (JOURNAL_ENTITES[e as JournalEntite] ?? e) : '—');

/** The record a line is about, as a link when it has a page. */
function entitePath(entite: string | null, id: number | null) {
  if (id === null) return null;
  if (entite === 'inscription') return paths.admin.inscription(id);
  if (entite === 'partenaire') return paths.admin.partenaire(id);
  return null;
}

const filters: TableFilter<typeof journalList>[] = [
  {
    name: 'action',
    label: 'Action',
    type: 'select',
    options: Object.entries(JOURNAL_ACTIONS).map(([value, label]) => ({ value, label })),
  },
  {
    name: 'entite',
    label: 'Concerne',
    type: 'select',
    options: Object.entries(JOURNAL_ENTITES).map(([value, label]) => ({ value, label })),
  },
  { name: 'agent', label: 'Agent', type: 'text' },
  { name: 'du', label: 'Du', type: 'date' },
  { name: 'au', label: 'Au', type: 'date' },
];

/**
 * « Journal » (issue 18, Administrateur): every staff action, newest first — who, when, what,
 * and in « Détail » the values before and after. Lines are never edited.
 */
export function JournalPage() {
  const [open, setOpen] = useState<JournalLigne | null>(null);
  const columns = useMemo<TableColumn<typeof journalList>[]>(
    () => [
      { field: 'date', headerName: 'Date', minWidth: 150, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'agent', headerName: 'Agent', flex: 1, minWidth: 130, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'action', headerName: 'Action', flex: 1, minWidth: 150, valueFormatter: journalActionLabel },
      {
        field: 'entite',
        headerName: 'Concerne',
        minWidth: 130,
        renderCell: ({ row, tabIndex }) => {
          const label = `${entiteLabel(row.entite)}${row.entiteId !== null ? ` n° ${row.entiteId}` : ''}`;
          const to = entitePath(row.entite, row.entiteId);
          return to ? (
            <Link component={RouterLink} to={to} tabIndex={tabIndex}>
              {label}
            </Link>
          ) : (
            label
          );
        },
      },
      { field: 'resume', headerName: 'Résumé', sortable: false, flex: 2, minWidth: 200 },
      {
        field: 'detail',
        headerName: 'Détail',
        sortable: false,
        minWidth: 110,
        renderCell: ({ row, tabIndex }) =>
          hasChanges(row) ? (
            <Link component="button" type="button" tabIndex={tabIndex} onClick={() => setOpen(row)}>
              Avant / après
            </Link>
          ) : (
            ''
          ),
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        title="Journal"
        endpoint={journalList}
        columns={columns}
        defaultSort={{ name: 'date', direction: 'desc' }}
        filters={filters}
        exportEndpoint={journalExport}
      />
      <JournalLigneDialog ligne={open} onClose={() => setOpen(null)} />
    </>
  );
}
