import { BANNER_MS, ROLE_RULES } from '@guichet/contract';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, IconButton, Stack, Tooltip } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, type TableColumn, type TableFilter } from '../../components/data-table/data-table.tsx';
import { useAdmin } from '../../lib/admin-context.ts';
import { RoleDialog } from './role-dialog.tsx';
import { type RoleRow, rolesList } from './roles-api.ts';

const FILTERS: TableFilter<typeof rolesList>[] = [{ name: 'libelle', label: 'Libellé', type: 'text' }];
const DEFAULT_SORT = { name: 'libelle', direction: 'asc' } as const;

/** /admin/roles (docs/spec/portal-spec.md §2 Roles list): the roles, and who holds each one. */
export function RolesPage() {
  const { user } = useAdmin();
  const isAdmin = ROLE_RULES.canAddSelf(user.roles);
  const [editing, setEditing] = useState<RoleRow | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), BANNER_MS.succes);
    return () => clearTimeout(t);
  }, [success]);

  const columns = useMemo<TableColumn<typeof rolesList>[]>(
    () => [
      { field: 'libelle', headerName: 'Rôle', flex: 1, minWidth: 200 },
      {
        field: 'modifier',
        headerName: 'Modifier',
        sortable: false,
        width: 110,
        renderCell: ({ row, tabIndex }) =>
          ROLE_RULES.canEditRole(user.roles, row.code) ? (
            <IconButton
              tabIndex={tabIndex}
              aria-label={`Modifier le rôle ${row.libelle}`}
              onClick={() => setEditing(row)}
            >
              <EditIcon />
            </IconButton>
          ) : (
            // Not an edit button that the server would refuse: the members can be read, not changed.
            <Tooltip title="Modification réservée aux administrateurs">
              <IconButton
                tabIndex={tabIndex}
                aria-label={`Voir les agents du rôle ${row.libelle} (modification réservée aux administrateurs)`}
                onClick={() => setEditing(row)}
              >
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [user.roles],
  );

  return (
    <>
      <DataTable
        title="Roles"
        endpoint={rolesList}
        columns={columns}
        defaultSort={DEFAULT_SORT}
        filters={FILTERS}
        banner={
          <Stack spacing={1}>
            {!isAdmin && (
              <Alert severity="info" role="note">
                Seul un administrateur peut modifier les agents du rôle « Administrateur ». Vous gérez les autres rôles,
                mais ne pouvez pas vous y ajouter vous-même : demandez-le à un administrateur ou à une autre personne
                chargée de la gestion des rôles.
              </Alert>
            )}
            {success && (
              <Alert severity="success" role="status" onClose={() => setSuccess(null)}>
                {success}
              </Alert>
            )}
          </Stack>
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
