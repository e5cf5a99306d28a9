import { successSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  inscriptionSchema,
  lienPerduBodySchema,
  logementArchiveBodySchema,
  logementSelfViewSchema,
  logementTokenParamsSchema,
} from '../inscription.ts';
import { e } from './shared.ts';

/**
 * The landlord's personal link `/logement/<token>` (issue 17): see the offer, confirm it is still
 * available, say it is let or withdraw it, without an account. An unknown or expired token is a 404;
 * an archived offer refuses every action with a 409 and changes nothing.
 */
const tokenRefusals = { 400: e, 404: e, 409: e, 429: e };
export const logementEndpoints = {
  byToken: endpoint({
    method: 'GET',
    path: '/api/logement/:token',
    access: 'token',
    summary: 'L’offre telle que son propriétaire la voit par son lien personnel',
    params: logementTokenParamsSchema,
    response: { 200: logementSelfViewSchema, 400: e, 404: e, 429: e },
  }),
  disponible: endpoint({
    method: 'POST',
    path: '/api/logement/:token/disponible',
    access: 'token',
    summary: '« Toujours disponible » : date la confirmation de l’offre (jeton du lien personnel)',
    params: logementTokenParamsSchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  loue: endpoint({
    method: 'POST',
    path: '/api/logement/:token/loue',
    access: 'token',
    summary: '« Mon logement est loué » : l’offre quitte la liste (statut « Archivé »)',
    params: logementTokenParamsSchema,
    body: logementArchiveBodySchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  retrait: endpoint({
    method: 'POST',
    path: '/api/logement/:token/retrait',
    access: 'token',
    summary: '« Retirer mon offre » : l’offre quitte la liste (statut « Archivé »)',
    params: logementTokenParamsSchema,
    body: logementArchiveBodySchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  modification: endpoint({
    method: 'POST',
    path: '/api/logement/:token/modification',
    access: 'token',
    summary:
      '« Modifier mon offre » : appliqué aussitôt à une offre en attente ; sur une offre validée, gardé pour l’examen du guichet ; une offre refusée, corrigée, revient « En attente »',
    params: logementTokenParamsSchema,
    body: inscriptionSchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  remiseEnLigne: endpoint({
    method: 'POST',
    path: '/api/logement/:token/remise-en-ligne',
    access: 'token',
    summary:
      '« Remettre mon offre en ligne » : une offre retirée, louée ou expirée revient (aussitôt si elle a expiré il y a moins de 30 jours, sinon après examen)',
    params: logementTokenParamsSchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  lienPerdu: endpoint({
    method: 'POST',
    path: '/api/inscription/lien',
    access: 'public',
    summary:
      'Lien perdu : un courriel listant un nouveau lien pour chaque offre en cours de cette adresse, 3 au plus par 24 heures (même réponse, au même moment, sinon)',
    body: lienPerduBodySchema,
    response: { 200: successSchema, 400: e, 429: e },
  }),
};
