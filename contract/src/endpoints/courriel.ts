import {
  courrielDetailSchema,
  courrielFiltresSchema,
  courrielIdParamsSchema,
  courrielListQuerySchema,
  courrielListSchema,
  courrielRenvoiCompteSchema,
  courrielRenvoiFiltresSchema,
  courrielRenvoiResponseSchema,
  courrielRenvoiSchema,
} from '../courriels.ts';
import { endpoint } from '../endpoint.ts';
import { e } from './shared.ts';

/**
 * « Courriels »: the outbox as staff see it (every agent of offers, partners and students: they
 * check there that what they validated went out), and « Renvoyer » for failed mails (administrator).
 */
export const courrielEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/courriels/get/list/by/filters',
    access: 'gestion',
    summary:
      'Journal des courriels (recherche sur le destinataire, l’objet et le type ; filtres statut, type, date ; tri)',
    query: courrielListQuerySchema,
    response: { 200: courrielListSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/courriel/get/:id',
    access: 'gestion',
    summary:
      'Un courriel : son texte (liens personnels masqués), le nom de ses pièces jointes ; l’erreur brute pour un administrateur seulement',
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
  resendCount: endpoint({
    method: 'GET',
    path: '/api/admin/courriels/renvoyer/compte',
    access: 'administration',
    summary: 'Combien de courriels en échec la liste filtrée montre, et combien peuvent être renvoyés',
    query: courrielFiltresSchema,
    response: { 200: courrielRenvoiCompteSchema, 400: e },
  }),
  resendFiltered: endpoint({
    method: 'POST',
    path: '/api/admin/courriels/renvoyer/filtres',
    access: 'administration',
    summary: 'Remet en file les courriels en échec de la liste filtrée (recherche et filtres de la liste)',
    description:
      '`attendu` : le nombre confirmé par l’agent (`renvoyables` du compte). Si la liste a changé depuis, 409 et rien n’est renvoyé.',
    body: courrielRenvoiFiltresSchema,
    response: { 200: courrielRenvoiResponseSchema, 400: e, 409: e },
  }),
};
