import { roleEndpoints as api } from '@guichet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListRow, listQueryKey } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/session.ts';

/** The roles screen's calls (docs/spec/portal-spec.md §7), their query keys and the save. */
export const rolesList = api.list;

/** A row of the roles table. */
export type RoleRow = ListRow<typeof api.list>;

export const roleKeys = {
  /** Every page of the roles table. */
  list: listQueryKey(api.list),
  detail: (id: number) => ['role', id] as const,
  agentsByName: (name: string) => ['agents-by-name', name] as const,
};

export const roleQuery = (id: number) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: () => call(api.detail, { params: { id } }),
    // Always fresh when the dialog opens: another agent may have changed it.
    staleTime: 0,
    gcTime: 0,
  });

export const agentSearchQuery = (name: string) =>
  queryOptions({
    queryKey: roleKeys.agentsByName(name),
    queryFn: () => call(api.searchAgents, { query: { name } }),
    enabled: name.length > 0,
    staleTime: 30_000,
  });

/** Replaces the agents of a role; the menu (the agent's own roles may have changed) and the list follow. */
export function useRoleAgentsUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agents: number[]) => call(api.update, { params: { id }, body: { agents } }),
    onSuccess: async () => {
      // A lost right shows the 403 page, the session stays.
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: roleKeys.list });
    },
  });
}
