import { Navigate, Outlet, useLocation } from 'react-router';
import { type AdminContext, useAdmin } from '../../lib/admin-context.ts';
import { paths } from '../../lib/paths.ts';
import { type Area, landingFor, menuFor } from '../../lib/session.ts';
import { ForbiddenPage, NoAccessPage } from './access-pages.tsx';

/** Admin screens need a logged-in agent; the server checks the roles of every call again. */
export function RequireAgent() {
  const ctx = useAdmin() as AdminContext | { user: null };
  const { pathname } = useLocation();
  if (!ctx.user) return <Navigate to={paths.admin.login} replace />;
  // A generated password: Mon compte first, the only screen the server serves until it is changed.
  if (ctx.user.motDePasseAChanger && pathname !== paths.admin.compte) {
    return <Navigate to={paths.admin.compte} replace />;
  }
  return <Outlet context={ctx} />;
}

/**
 * /admin leads to the first screen the agent's roles open (Inscriptions, as the specification says,
 * for the agents of offers, partners and students), or explains that no role is held yet.
 */
export function AdminIndex() {
  const { user } = useAdmin();
  const landing = landingFor(user.roles);
  if (landing.path === paths.admin.root) return <NoAccessPage user={user} />;
  return <Navigate to={landing.path} replace />;
}

/** Screens of one area: the 403 page, not a call bound to fail, when the agent's roles do not open it. */
function RequireArea({ area }: { area: Area }) {
  const ctx = useAdmin();
  if (!menuFor(ctx.user.roles)[area]) return <ForbiddenPage user={ctx.user} />;
  return <Outlet context={ctx} />;
}

export const RequireGestion = () => <RequireArea area="gestion" />;
export const RequireRoles = () => <RequireArea area="roles" />;
export const RequireAdministration = () => <RequireArea area="administration" />;
