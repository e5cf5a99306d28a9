import { type CurrentUser, canAccess, type Statut } from '@guichet/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const currentUserQuery = {
  queryKey: ['currentUser'],
  queryFn: () => api.get<CurrentUser>('user/get/current'),
  staleTime: 30_000,
};

export const useCurrentUser = () => useQuery(currentUserQuery);

/** The status list: loaded only for a logged-in agent (decisions §3: never an /api/admin call when anonymous). */
export const useStatuts = (enabled: boolean) =>
  useQuery({
    queryKey: ['statuts'],
    queryFn: () => api.get<Statut[]>('admin/statut/get/all'),
    staleTime: Infinity,
    enabled,
  });

export const menuFor = (roles: readonly string[]) => ({
  gestion: canAccess(roles, 'gestion'),
  roles: canAccess(roles, 'roles'),
});
