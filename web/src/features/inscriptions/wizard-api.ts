import type { inscriptionEndpoints as api, EndpointQuery } from '@guichet/contract';
import { addressOf, type CallArgs, callAddress } from '../../lib/api.ts';

/**
 * The wizard's calls (public): the server checks each step, then records the offer. Called by their
 * address (`addressOf`, held to the contract's declaration by the compiler): the endpoint table's
 * schemas, and zod, stay out of the wizard's first load; apart from inscriptions-api.ts, whose staff
 * queries and mutations would bring TanStack Query in (lib/queries.tsx).
 */
const validateProprietaire = addressOf<typeof api.validateProprietaire>({
  method: 'GET',
  path: '/api/inscription/proprietaire/validate',
});
const validateLogement = addressOf<typeof api.validateLogement>({
  method: 'GET',
  path: '/api/inscription/logement/validate',
});
const add = addressOf<typeof api.add>({ method: 'POST', path: '/api/inscription/add' });

export const checkProprietaire = (query: EndpointQuery<typeof api.validateProprietaire>) =>
  callAddress(validateProprietaire, { query });
export const checkLogement = (query: EndpointQuery<typeof api.validateLogement>) =>
  callAddress(validateLogement, { query });
/** The whole offer, with the honeypot's value. */
export const addInscription = (body: CallArgs<typeof api.add>['body']) => callAddress(add, { body });

/** The steps' checks, loaded after the wizard's first screen (components/form/use-contract-form.ts). */
const schemas = () => import('./wizard-schema.ts');
export const loadProprietaireSchema = () => schemas().then((m) => m.proprietaireSchema);
export const loadLogementSchema = () => schemas().then((m) => m.logementSchema);
export const loadInscriptionSchema = () => schemas().then((m) => m.inscriptionSchema);
