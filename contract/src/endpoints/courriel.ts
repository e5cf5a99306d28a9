import {
  courrielDetailSchema,
  courrielIdParamsSchema,
  courrielListQuerySchema,
  courrielListSchema,
  courrielRenvoiResponseSchema,
  courrielRenvoiSchema,
} from '../courriels.ts';
import { endpoint } from '../endpoint.ts';
import { e } from './shared.ts';

/** « Courriels » (issue 18): the outbox as staff see it, and « Renvoyer » for failed mails. */
export const courrielEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/courriels/get/list/by/filters',
    access: 'administration',
    summary:
      'Journal des courriels (recherche sur le destinataire, l’objet et le type ; filtres statut, type, date ; tri)',
    query: courrielListQuerySchema,
    response: { 200: courrielListSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/courriel/get/:id',
    access: 'administration',
    summary: 'Un courriel : son texte (liens personnels masqués) et le nom de ses pièces jointes',
    params: courrielIdParamsSchema,
    response: { 200: courrielDetailSchema, 400: e, 404: e },
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/admin/courriels/renvoyer',
    access: 'administration',
    summary: 'Remet en file des courriels en échec (même Message-ID, tentatives remises à zéro)',
    description:
      'Tout ou rien : un courriel introuvable (404) ou qui n’est pas en échec (409) refuse toute la sélection, chacun nommé dans `errors`.',
    body: courrielRenvoiSchema,
    response: { 200: courrielRenvoiResponseSchema, 400: e, 404: e, 409: e },
  }),
};
