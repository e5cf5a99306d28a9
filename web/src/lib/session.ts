import { canAccess, referenceEndpoints, sessionEndpoints } from '@guichet/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { paths } from './paths.ts';

export const currentUserQuery = {
  queryKey: ['currentUser'],
  queryFn: () => call(sessionEndpoints.currentUser),
  staleTime: 30_000,
};

export const useCurrentUser = () => useQuery(currentUserQuery);

/** The status list: loaded only for a logged-in agent (docs/spec/decisions.md §3: never an /api/admin call when anonymous). */
export const useStatuts = (enabled: boolean) =>
  useQuery({
    queryKey: ['statuts'],
    queryFn: () => call(referenceEndpoints.statuts),
    staleTime: Infinity,
    enabled,
  });

/** The areas of the admin screens (the server's `config.access` of their calls). */
export type Area = 'gestion' | 'roles' | 'administration';

export const menuFor = (roles: readonly string[]) => ({
  gestion: canAccess(roles, 'gestion'),
  roles: canAccess(roles, 'roles'),
  administration: canAccess(roles, 'administration'),
});

/**
 * The first screen an agent's roles open, where login and /admin lead. An agent without any role
 * lands on /admin itself, which then explains whom to ask (never a screen that would answer 403).
 */
export function landingFor(roles: readonly string[]): { path: string; label: string } {
  const menu = menuFor(roles);
  if (menu.gestion) return { path: paths.admin.inscriptions, label: 'Inscriptions' };
  if (menu.roles) return { path: paths.admin.roles, label: 'Roles' };
  return { path: paths.admin.root, label: "l'accueil de l'espace agents" };
}
