import type { EndpointBody, etudiantEndpoints } from '@guichet/contract';
import { addressOf, callAddress } from '../../lib/api.ts';

/**
 * The public form: a student asks for the housing list. Called by its address (`addressOf`, held
 * to the contract's declaration by the compiler): the endpoint table's schemas, and zod, stay out
 * of the form's first load; apart from etudiants-api.ts, whose staff mutation would bring TanStack
 * Query in (lib/queries.tsx).
 */
const add = addressOf<typeof etudiantEndpoints.add>({ method: 'POST', path: '/api/etudiant/add' });

export const sendEtudiantRequest = (body: EndpointBody<typeof etudiantEndpoints.add>) => callAddress(add, { body });

/** The form's check, loaded after its first screen (components/form/use-contract-form.ts). */
export const loadEtudiantRequestSchema = () => import('./request-schema.ts').then((m) => m.etudiantRequestSchema);
