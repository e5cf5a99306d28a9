import { z } from 'zod';
import {
  agentEmailBodySchema,
  agentEmailResponseSchema,
  currentUserSchema,
  digestChoiceSchema,
  digestUpdateSchema,
  loginBodySchema,
  loginFailureSchema,
  loginSuccessSchema,
  passwordChangeBodySchema,
} from './auth.ts';
import { errorResponseSchema, successSchema } from './common.ts';
import {
  courrielDetailSchema,
  courrielIdParamsSchema,
  courrielListQuerySchema,
  courrielListSchema,
  courrielRenvoiResponseSchema,
  courrielRenvoiSchema,
} from './courriels.ts';
import { type EndpointDef, endpoint, endpointKey } from './endpoint.ts';
import {
  etudiantAddResponseSchema,
  etudiantExportQuerySchema,
  etudiantListQuerySchema,
  etudiantListSchema,
  etudiantRequestSchema,
  etudiantUpdateResponseSchema,
  etudiantUpdateSchema,
} from './etudiant.ts';
import {
  inscriptionDetailSchema,
  inscriptionIdParamsSchema,
  inscriptionSchema,
  inscriptionsExportQuerySchema,
  inscriptionsListQuerySchema,
  inscriptionsListSchema,
  inscriptionUpdateSchema,
  lienPerduBodySchema,
  logementArchiveBodySchema,
  logementSchema,
  logementSelfViewSchema,
  logementTokenParamsSchema,
  modificationDecisionSchema,
  modificationRefusalSchema,
  proprietaireSchema,
  validateSuccessSchema,
} from './inscription.ts';
import {
  journalExportQuerySchema,
  journalHistoriqueParamsSchema,
  journalHistoriqueSchema,
  journalListQuerySchema,
  journalListSchema,
} from './journal.ts';
import {
  logoUploadResponseSchema,
  partenaireAddSchema,
  partenaireAdminResponseSchema,
  partenaireAdminUpdateSchema,
  partenaireCampaignResultSchema,
  partenaireCampaignSchema,
  partenaireConfirmSchema,
  partenaireExportQuerySchema,
  partenaireIdParamsSchema,
  partenaireListQuerySchema,
  partenaireListSchema,
  partenairePublicQuerySchema,
  partenairePublicSchema,
  partenaireSelfUpdateSchema,
  partenaireSelfViewSchema,
  partenaireValidUpdateSchema,
} from './partenaire.ts';
import { categorieSchema, filtreSchema, paramsSchema, statutSchema } from './reference.ts';
import {
  agentSearchQuerySchema,
  agentSearchResponseSchema,
  roleIdParamsSchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleSchema,
  roleUpdateBodySchema,
} from './role.ts';
import { notificationsSchema, tableauDeBordSchema } from './tableau-de-bord.ts';

/**
 * Every endpoint of the portal, declared once (docs/spec/portal-spec.md §7, docs/spec/decisions.md §4): the server registers its
 * routes from this table and refuses any other, the web calls through it, the access-matrix test
 * reads it. Rate limits, honeypots and handlers stay on the server.
 */

const e = errorResponseSchema;
const CSV = ['text/csv'] as const;
const exportSummary = 'Export CSV (recherche, filtres et tri de la liste, toutes les lignes)';

export const healthSchema = z.object({ status: z.enum(['ok', 'error']) });

export const sessionEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: loginBodySchema,
    response: { 200: loginSuccessSchema, 400: loginFailureSchema.or(e), 429: loginFailureSchema },
  }),
  currentUser: endpoint({
    method: 'GET',
    path: '/api/user/get/current',
    access: 'public',
    response: { 200: currentUserSchema, 401: e },
  }),
  /** A browser navigation: ends the session and lands on the login page (docs/spec/decisions.md §3). */
  logout: endpoint({ method: 'GET', path: '/logout', access: 'public', hidden: true }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/admin/compte/mot-de-passe',
    access: 'connecte',
    whilePasswordToChange: true,
    body: passwordChangeBodySchema,
    response: { 200: successSchema, 400: e, 429: e },
  }),
  digest: endpoint({
    method: 'GET',
    path: '/api/admin/compte/resume-quotidien',
    access: 'connecte',
    summary: 'Mon compte : le résumé quotidien par courriel (choix, adresse, ou pourquoi il est impossible)',
    response: { 200: digestChoiceSchema },
  }),
  setDigest: endpoint({
    method: 'PUT',
    path: '/api/admin/compte/resume-quotidien',
    access: 'connecte',
    summary: 'Mon compte : recevoir ou non le résumé quotidien',
    body: digestUpdateSchema,
    response: { 200: digestChoiceSchema, 400: e },
  }),
  setEmail: endpoint({
    method: 'PUT',
    path: '/api/admin/compte/courriel',
    access: 'connecte',
    summary: 'Mon compte : l’adresse électronique de l’agent, où part le résumé quotidien (vide : la supprime)',
    body: agentEmailBodySchema,
    response: { 200: agentEmailResponseSchema, 400: e },
  }),
};

export const referenceEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'État du service : la base de données répond',
    response: { 200: healthSchema, 503: healthSchema },
  }),
  params: endpoint({ method: 'GET', path: '/api/params/get/all', access: 'public', response: { 200: paramsSchema } }),
  categories: endpoint({
    method: 'GET',
    path: '/api/categorie/get/all',
    access: 'public',
    response: { 200: z.array(categorieSchema) },
  }),
  filtres: endpoint({
    method: 'GET',
    path: '/api/filtre/get/all',
    access: 'public',
    response: { 200: z.array(filtreSchema) },
  }),
  statuts: endpoint({
    method: 'GET',
    path: '/api/admin/statut/get/all',
    access: 'connecte',
    response: { 200: z.array(statutSchema) },
  }),
};

export const inscriptionEndpoints = {
  validateProprietaire: endpoint({
    method: 'GET',
    path: '/api/inscription/proprietaire/validate',
    access: 'public',
    summary: 'Vérifie l’étape « Propriétaire » de l’assistant',
    query: proprietaireSchema,
    response: { 200: validateSuccessSchema, 400: e },
  }),
  validateLogement: endpoint({
    method: 'GET',
    path: '/api/inscription/logement/validate',
    access: 'public',
    summary: 'Vérifie l’étape « Logement » de l’assistant',
    query: logementSchema,
    response: { 200: validateSuccessSchema, 400: e },
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/inscription/add',
    access: 'public',
    summary: 'Enregistre une offre de logement (statut « En attente »)',
    body: inscriptionSchema,
    response: { 200: successSchema, 400: e, 429: e },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/inscriptions/get/list/by/filters',
    access: 'gestion',
    query: inscriptionsListQuerySchema,
    response: { 200: inscriptionsListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/inscriptions/export',
    access: 'gestion',
    summary: exportSummary,
    query: inscriptionsExportQuerySchema,
    produces: CSV,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/inscription/get/:id',
    access: 'gestion',
    params: inscriptionIdParamsSchema,
    response: { 200: inscriptionDetailSchema, 404: e },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/inscription/update/:id',
    access: 'gestion',
    params: inscriptionIdParamsSchema,
    body: inscriptionUpdateSchema,
    response: { 200: successSchema, 400: e, 404: e },
  }),
  acceptChanges: endpoint({
    method: 'PUT',
    path: '/api/admin/inscription/valid/update/:id',
    access: 'gestion',
    summary: 'Applique les modifications proposées par le propriétaire et le lui écrit (lien neuf)',
    params: inscriptionIdParamsSchema,
    body: modificationDecisionSchema,
    response: { 200: successSchema, 400: e, 404: e, 409: e },
  }),
  rejectChanges: endpoint({
    method: 'PUT',
    path: '/api/admin/inscription/reject/update/:id',
    access: 'gestion',
    summary: 'Refuse les modifications proposées par le propriétaire et le lui écrit (lien neuf)',
    params: inscriptionIdParamsSchema,
    body: modificationRefusalSchema,
    response: { 200: successSchema, 400: e, 404: e, 409: e },
  }),
};

const publicRefusals = { 400: e, 404: e, 429: e, 503: e };
const adminRefusals = { 400: e, 404: e, 409: e };

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
      '« Modifier mon offre » : appliqué aussitôt à une offre en attente ; sur une offre validée, gardé pour l’examen du guichet',
    params: logementTokenParamsSchema,
    body: inscriptionSchema,
    response: { 200: successSchema, ...tokenRefusals },
  }),
  lienPerdu: endpoint({
    method: 'POST',
    path: '/api/inscription/lien',
    access: 'public',
    summary: 'Lien perdu : un nouveau lien par e-mail pour chaque offre en cours de cette adresse (même réponse sinon)',
    body: lienPerduBodySchema,
    response: { 200: successSchema, 400: e, 429: e },
  }),
};

export const partenaireEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/partenaire/add',
    access: 'public',
    summary: 'Inscrit un partenaire (statut « En attente », inactif)',
    body: partenaireAddSchema,
    response: { 200: successSchema, ...publicRefusals },
  }),
  directory: endpoint({
    method: 'GET',
    path: '/api/partenaire/get/valid',
    access: 'public',
    summary: 'Annuaire public : partenaires validés et actifs, filtrables par thème',
    query: partenairePublicQuerySchema,
    response: { 200: z.array(partenairePublicSchema) },
  }),
  byToken: endpoint({
    method: 'GET',
    path: '/api/partenaire/get/one/by/:token',
    access: 'token',
    summary: 'Informations du partenaire pour son lien personnel',
    params: z.object({ token: z.string().max(100) }),
    response: { 200: partenaireSelfViewSchema, 404: e },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/partenaire/valid/infos/:id',
    access: 'token',
    summary: 'Le partenaire confirme ses informations sans les modifier (jeton du lien personnel)',
    params: partenaireIdParamsSchema,
    body: partenaireConfirmSchema,
    response: { 200: successSchema, ...publicRefusals },
  }),
  propose: endpoint({
    method: 'POST',
    path: '/api/partenaire/update/:id',
    access: 'token',
    summary: 'Le partenaire propose des modifications, à valider par le guichet (jeton du lien personnel)',
    params: partenaireIdParamsSchema,
    body: partenaireSelfUpdateSchema,
    response: { 200: successSchema, ...publicRefusals },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/partenaires/get/list/by/filters',
    access: 'gestion',
    query: partenaireListQuerySchema,
    response: { 200: partenaireListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/partenaire/export',
    access: 'gestion',
    summary: exportSummary,
    query: partenaireExportQuerySchema,
    produces: CSV,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/partenaire/get/:id',
    access: 'gestion',
    params: partenaireIdParamsSchema,
    response: { 200: partenaireAdminResponseSchema, 404: e },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/partenaire/update/:id',
    access: 'gestion',
    summary: 'Enregistre le partenaire, son statut, son activation, sa catégorie et son filtre',
    params: partenaireIdParamsSchema,
    body: partenaireAdminUpdateSchema,
    response: { 200: successSchema, ...adminRefusals },
  }),
  sendRenewal: endpoint({
    method: 'PUT',
    path: '/api/admin/partenaire/send/mail/update/:id',
    access: 'gestion',
    summary: 'Envoie au partenaire son lien personnel de mise à jour',
    params: partenaireIdParamsSchema,
    response: { 200: successSchema, ...adminRefusals },
  }),
  renewalCampaign: endpoint({
    method: 'POST',
    path: '/api/admin/partenaires/renouvellement',
    access: 'gestion',
    summary:
      'Campagne de renouvellement : un lot de partenaires (cochés, ou correspondant aux filtres de la liste) ; seuls les validés sans modification en attente reçoivent le mail',
    body: partenaireCampaignSchema,
    response: { 200: partenaireCampaignResultSchema, 400: e },
  }),
  acceptChanges: endpoint({
    method: 'PUT',
    path: '/api/admin/partenaire/valid/update/:id',
    access: 'gestion',
    summary: 'Applique les modifications proposées par le partenaire',
    params: partenaireIdParamsSchema,
    body: partenaireValidUpdateSchema,
    response: { 200: successSchema, ...adminRefusals },
  }),
  rejectChanges: endpoint({
    method: 'PUT',
    path: '/api/admin/partenaire/reject/update/:id',
    access: 'gestion',
    summary: 'Refuse les modifications proposées par le partenaire',
    params: partenaireIdParamsSchema,
    response: { 200: successSchema, ...adminRefusals },
  }),
};

export const logoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/logo/upload',
    access: 'public',
    summary: 'Téléverse un logo JPEG ou PNG de 3 Mo au plus (champ multipart « logo »)',
    multipart: true,
    response: { 200: logoUploadResponseSchema, ...publicRefusals },
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/file/download/:file',
    access: 'public',
    summary: 'Un logo enregistré (PNG ou JPEG)',
    params: z.object({ file: z.string().max(100) }),
    produces: ['image/png', 'image/jpeg'],
    response: { 404: e },
  }),
};

export const etudiantEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/etudiant/add',
    access: 'public',
    summary: 'Enregistre une demande de liste des logements (statut « En attente »)',
    description:
      'Une seconde demande de la même adresse e-mail (sans tenir compte de la casse) encore en attente ne crée pas de doublon ; la réponse est exactement celle d’une première demande, pour ne pas révéler qu’une demande existe pour cette adresse.',
    body: etudiantRequestSchema,
    response: { 200: etudiantAddResponseSchema, 400: e, 429: e },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/etudiants/get/list/by/filters',
    access: 'gestion',
    query: etudiantListQuerySchema,
    response: { 200: etudiantListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/etudiants/export',
    access: 'gestion',
    summary: exportSummary,
    query: etudiantExportQuerySchema,
    produces: CSV,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/etudiants/update',
    access: 'gestion',
    summary: 'Valide (statut 2 et courriel avec la liste des logements) ou refuse (statut 3) une sélection',
    description:
      'Valider laisse telles quelles les demandes déjà validées (aucun second courriel). Un identifiant inconnu (404) ou le refus d’une demande déjà validée (400) ne change rien, et chaque demande en cause est nommée dans `errors`.',
    body: etudiantUpdateSchema,
    response: { 200: etudiantUpdateResponseSchema, 400: e, 404: e },
  }),
};

const roleRefusals = { 400: e, 404: e };

export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/role/get/list/by/filters',
    access: 'roles',
    query: roleListQuerySchema,
    response: { 200: roleListResponseSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/role/get/:id',
    access: 'roles',
    params: roleIdParamsSchema,
    response: { 200: roleSchema, ...roleRefusals },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/role/update/:id',
    access: 'roles',
    summary: 'Remplace la liste des agents du rôle',
    params: roleIdParamsSchema,
    body: roleUpdateBodySchema,
    response: { 200: successSchema, 403: e, ...roleRefusals },
  }),
  searchAgents: endpoint({
    method: 'GET',
    path: '/api/admin/user/get/by/name',
    access: 'roles',
    summary: 'Agents dont le nom ou le prénom contient le texte cherché',
    query: agentSearchQuerySchema,
    response: { 200: agentSearchResponseSchema, ...roleRefusals },
  }),
};

/** The « Journal » of staff actions (issue 18): read only, no endpoint edits or deletes a line. */
export const journalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/journal/get/list/by/filters',
    access: 'administration',
    summary: 'Journal des actions du guichet (recherche sur l’agent et le résumé, filtres, tri)',
    query: journalListQuerySchema,
    response: { 200: journalListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/journal/export',
    access: 'administration',
    summary: exportSummary,
    query: journalExportQuerySchema,
    produces: CSV,
  }),
  historique: endpoint({
    method: 'GET',
    path: '/api/admin/journal/:entite/:id',
    access: 'gestion',
    summary:
      'Historique d’une offre, d’un partenaire ou d’une demande étudiante (lignes du journal, les plus récentes d’abord)',
    params: journalHistoriqueParamsSchema,
    response: { 200: journalHistoriqueSchema, 400: e },
  }),
};

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

/** The dashboard and the app bar's bell (issue 18): aggregates of what waits, for the office's agents. */
export const tableauDeBordEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/tableau-de-bord',
    access: 'gestion',
    summary: 'Ce qui attend (nombre, plus ancien, en retard) et les courbes hebdomadaires des douze derniers mois',
    response: { 200: tableauDeBordSchema },
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/admin/notifications',
    access: 'gestion',
    summary: 'Éléments en attente arrivés depuis la dernière consultation des notifications par l’agent',
    response: { 200: notificationsSchema },
  }),
  notificationsVues: endpoint({
    method: 'POST',
    path: '/api/admin/notifications/vues',
    access: 'gestion',
    summary: 'L’agent a vu ses notifications : le compteur repart de maintenant',
    response: { 200: notificationsSchema },
  }),
};

/** The whole table, by feature. */
export const endpoints = {
  session: sessionEndpoints,
  reference: referenceEndpoints,
  inscription: inscriptionEndpoints,
  logement: logementEndpoints,
  partenaire: partenaireEndpoints,
  logo: logoEndpoints,
  etudiant: etudiantEndpoints,
  role: roleEndpoints,
  courriel: courrielEndpoints,
  journal: journalEndpoints,
  tableauDeBord: tableauDeBordEndpoints,
};

/** Every endpoint, flat: what the server may register and the access matrix checks. */
export const ALL_ENDPOINTS: readonly EndpointDef[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group as Record<string, EndpointDef>),
);

/** The endpoint at `METHOD /path`, if the table has one. */
const byKey = new Map(ALL_ENDPOINTS.map((d) => [endpointKey(d), d]));
export const findEndpoint = (method: string, path: string) => byKey.get(`${method} ${path}`);

/** The API documentation's section of each feature. */
const TAGS: Record<keyof typeof endpoints, string> = {
  session: 'Session',
  reference: 'Référentiels',
  inscription: 'Inscriptions des propriétaires',
  logement: 'Lien personnel du propriétaire',
  partenaire: 'Partenaires',
  logo: 'Logos',
  etudiant: 'Demandes étudiants',
  role: 'Rôles',
  courriel: 'Courriels',
  journal: 'Journal',
  tableauDeBord: 'Tableau de bord',
};
const tagOf = new Map<EndpointDef, string>(
  Object.entries(endpoints).flatMap(([group, list]) =>
    Object.values(list as Record<string, EndpointDef>).map((d) => [d, TAGS[group as keyof typeof endpoints]] as const),
  ),
);
export const endpointTag = (d: EndpointDef) => tagOf.get(d);
