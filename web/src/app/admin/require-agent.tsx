import { Navigate, Outlet } from 'react-router';
import { type AdminContext, useAdmin } from './admin-context.ts';

/** Admin screens need a logged-in agent; the server checks the roles of every call again. */
export function RequireAgent() {
  const ctx = useAdmin() as AdminContext | { user: null };
  if (!ctx.user) return <Navigate to="/admin/login" replace />;
  return <Outlet context={ctx} />;
}
