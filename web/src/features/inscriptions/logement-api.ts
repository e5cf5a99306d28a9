import {
  logementEndpoints as api,
  type EndpointResponse,
  type InscriptionInput,
  type LogementArchiveBody,
} from '@guichet/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** The landlord's personal link (issue 17): the offer as its landlord sees it, and what the landlord may do. */

/** The offer as it travels (dates as ISO strings). */
export type LogementSelf = EndpointResponse<typeof api.byToken>;

export const logementSelfQuery = (token: string) =>
  queryOptions({
    queryKey: ['logement', token] as const,
    queryFn: () => call(api.byToken, { params: { token } }),
  });

/** « Mon logement est loué » or « Retirer mon offre »: the offer leaves the list at once. */
export type ArchiveAction = 'loue' | 'retrait';

export const confirmDisponible = (token: string) => call(api.disponible, { params: { token } });
/** « Remettre mon offre en ligne »: an archived offer back in the list, or back to review. */
export const putBackOnline = (token: string) => call(api.remiseEnLigne, { params: { token } });
export const archiveOffer = (action: ArchiveAction, token: string, body: LogementArchiveBody) =>
  call(api[action], { params: { token }, body });
/** « Modifier mon offre »: the wizard's fields, whole; the answer says whether staff must review them. */
export const proposeModification = (token: string, body: InscriptionInput) =>
  call(api.modification, { params: { token }, body });
export const askLostLink = (email: string) => call(api.lienPerdu, { body: { email } });
