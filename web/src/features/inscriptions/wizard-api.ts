import { inscriptionEndpoints as api, type EndpointQuery } from '@guichet/contract';
import { type CallArgs, call } from '../../lib/api.ts';

/**
 * The wizard's calls (public): the server checks each step, then records the offer. Plain calls,
 * apart from inscriptions-api.ts, whose staff queries and mutations would bring TanStack Query into
 * the public form's first load (lib/queries.tsx).
 */
export const checkProprietaire = (query: EndpointQuery<typeof api.validateProprietaire>) =>
  call(api.validateProprietaire, { query });
export const checkLogement = (query: EndpointQuery<typeof api.validateLogement>) =>
  call(api.validateLogement, { query });
/** The whole offer, with the honeypot's value. */
export const addInscription = (body: CallArgs<typeof api.add>['body']) => call(api.add, { body });
