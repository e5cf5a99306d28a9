import { BANNER_MS, ECOLES, type Etudiant, type EtudiantAction, formatDateTime, MESSAGES } from '@guichet/contract';
import { Alert, Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAdmin } from '../../app/admin/admin-context.ts';
import { DataTable, type FilterDef, type SelectionApi } from '../../components/data-table/data-table.tsx';
import { StatusChip } from '../../components/data-table/status-chip.tsx';
import { api } from '../../lib/api.ts';

const columns: GridColDef<Etudiant>[] = [
  { field: 'date', headerName: 'Date', minWidth: 170, valueFormatter: (v: string) => formatDateTime(v) },
  { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 200 },
  {
    field: 'adresse',
    headerName: 'Adresse',
    flex: 1.2,
    minWidth: 180,
    valueGetter: (_v, row) => [row.adresse, `${row.cp} ${row.ville}`].filter(Boolean).join(', '),
  },
  { field: 'ecole', headerName: 'École envisagée', flex: 1.2, minWidth: 180 },
  {
    field: 'statut',
    headerName: 'Statut',
    minWidth: 130,
    renderCell: ({ row }) => <StatusChip id={row.idStatut} label={row.statut} />,
  },
];

type Banner = { severity: 'success' | 'error'; text: string };

/** 'Demandes étudiants' (spec §2): validate (mails the housing list) or refuse a selection of requests. */
export function EtudiantsListPage() {
  const { statuts } = useAdmin();
  const [running, setRunning] = useState<EtudiantAction | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  // Success banners hide after 3 s, error banners after 5 s (spec §9).
  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), banner.severity === 'success' ? BANNER_MS.succes : BANNER_MS.erreur);
    return () => clearTimeout(t);
  }, [banner]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { name: 'date', label: 'Date', type: 'date' },
      { name: 'email', label: 'Email', type: 'text' },
      { name: 'ecole', label: 'École envisagée', type: 'select', options: ECOLES.map((e) => ({ value: e, label: e })) },
      {
        name: 'statut',
        label: 'Statut',
        type: 'select',
        options: statuts.map((s) => ({ value: s.id, label: s.libelle })),
      },
    ],
    [statuts],
  );

  async function run(action: EtudiantAction, { selected, done }: SelectionApi<Etudiant>) {
    if (running) return;
    setRunning(action);
    setBanner(null);
    try {
      const res = await api.put<{ message: string }>('admin/etudiants/update', { selection: selected, action });
      // The rows change on screen only now that the server has applied the action.
      await done();
      setBanner({ severity: 'success', text: res.message });
      // The selection is gone and with it the pressed button: the keyboard focus goes to the result.
      requestAnimationFrame(() => successRef.current?.focus());
    } catch {
      setBanner({ severity: 'error', text: MESSAGES.erreurEtudiants });
    } finally {
      setRunning(null);
    }
  }

  return (
    <DataTable<Etudiant>
      title="Demandes étudiants"
      endpoint="admin/etudiants/get/list/by/filters"
      rowsKey="etudiants"
      columns={columns}
      defaultSort={{ name: 'date', direction: 'desc' }}
      filters={filters}
      exportEndpoint="admin/etudiants/export"
      banner={
        banner &&
        (banner.severity === 'success' ? (
          <Alert severity="success" role="status" ref={successRef} tabIndex={-1} onClose={() => setBanner(null)}>
            {banner.text}
          </Alert>
        ) : (
          <Alert severity="error" role="alert" onClose={() => setBanner(null)}>
            {banner.text}
          </Alert>
        ))
      }
      selectionActions={(selection) => (
        <>
          <Button
            variant="contained"
            color="success"
            // Not disabled while the action runs, so the keyboard focus stays; a second press waits.
            disabled={selection.selected.length === 0}
            aria-disabled={running !== null || undefined}
            onClick={() => run('valider', selection)}
          >
            {running === 'valider' ? 'Envoi en cours…' : 'Valider et envoyer le mail'}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={selection.selected.length === 0}
            aria-disabled={running !== null || undefined}
            onClick={() => run('refuser', selection)}
          >
            Refuser
          </Button>
        </>
      )}
    />
  );
}
