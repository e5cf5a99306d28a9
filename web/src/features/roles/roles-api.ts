import type { AgentSummary, Role, Success } from '@guichet/contract';
import { api } from '../../lib/api.ts';

/** The roles screen's calls (spec §7) and their query keys. */
export const ROLE_LIST_ENDPOINT = 'admin/role/get/list/by/filters';

export const roleQuery = (id: number) => ({
  queryKey: ['role', id],
  queryFn: () => api.get<Role>(`admin/role/get/${id}`),
  // Always fresh when the dialog opens: another agent may have changed it.
  staleTime: 0,
  gcTime: 0,
});

export const agentSearchQuery = (name: string) => ({
  queryKey: ['agents-by-name', name],
  queryFn: () => api.get<AgentSummary[]>('admin/user/get/by/name', { name }),
  enabled: name.length > 0,
  staleTime: 30_000,
});

export const updateRoleAgents = (id: number, agents: number[]) =>
  api.put<Success>(`admin/role/update/${id}`, { agents });
