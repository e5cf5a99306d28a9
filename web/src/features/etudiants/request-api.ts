import { etudiantEndpoints as api, type EndpointBody } from '@guichet/contract';
import { call } from '../../lib/api.ts';

/**
 * The public form: a student asks for the housing list. A plain call, apart from etudiants-api.ts,
 * whose staff mutation would bring TanStack Query into the form's first load (lib/queries.tsx).
 */
export const sendEtudiantRequest = (body: EndpointBody<typeof api.add>) => call(api.add, { body });
