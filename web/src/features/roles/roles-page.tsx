import { BANNER_MS, type RoleListItem } from '@guichet/contract';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, IconButton } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, type FilterDef } from '../../components/data-table/data-table.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { ROLE_LIST_ENDPOINT } from './roles-api.ts';

const FILTERS: FilterDef[] = [{ name: 'libelle', label: 'Libellé', type: 'text' }];
const DEFAULT_SORT = { name: 'libelle', direction: 'asc' } as const;

/** /admin/roles (spec §2 Roles list): the roles, and who holds each one. */
export function RolesPage() {
  const [editing, setEditing] = useState<RoleListItem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), BANNER_MS.succes);
    return () => clearTimeout(t);
  }, [success]);

  const columns = useMemo<GridColDef<RoleListItem>[]>(
    () => [
      { field: 'libelle', headerName: 'Rôle', flex: 1, minWidth: 200 },
      {
        field: 'modifier',
        headerName: 'Modifier',
        sortable: false,
        width: 110,
        renderCell: ({ row, tabIndex }) => (
          <IconButton
            tabIndex={tabIndex}
            aria-label={`Modifier le rôle ${row.libelle}`}
            onClick={() => setEditing(row)}
          >
            <EditIcon />
          </IconButton>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <DataTable<RoleListItem>
        title="Roles"
        endpoint={ROLE_LIST_ENDPOINT}
        rowsKey="roles"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        filters={FILTERS}
        banner={
          success && (
            <Alert severity="success" role="status" onClose={() => setSuccess(null)}>
              {success}
            </Alert>
          )
        }
      />
      {editing && (
        <RoleDialog
          role={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setSuccess(message);
          }}
        />
      )}
    </>
  );
}
