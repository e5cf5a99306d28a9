import type { SessionUser, Statut } from '@guichet/contract';
import { useOutletContext } from 'react-router';

/** What every admin screen receives from the shell once the agent and statuses are loaded. */
export type AdminContext = { user: SessionUser; statuts: Statut[] };
export const useAdmin = () => useOutletContext<AdminContext>();
