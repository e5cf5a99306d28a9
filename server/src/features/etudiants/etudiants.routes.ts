import {
  errorResponseSchema,
  etudiantAddResponseSchema,
  etudiantExportQuerySchema,
  etudiantListQuerySchema,
  etudiantListSchema,
  etudiantRequestSchema,
  etudiantUpdateResponseSchema,
  etudiantUpdateSchema,
  ETUDIANT_MESSAGES as M,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { publicForm } from '../../platform/public-form.ts';
import { loggedAction } from '../../platform/security-log.ts';
import { type EtudiantRow, etudiantsRepository as repo } from './etudiants.repository.ts';
import { applyEtudiantAction } from './etudiants.service.ts';

const tags = ['Demandes étudiants'];

/** `POST /api/etudiant/add`: the student request form (spec §7). */
export async function etudiantsPublicRoutes(app: AppInstance) {
  app.post(
    '/etudiant/add',
    {
      // Anyone may post: a per-address limit and the honeypot keep scripts from flooding the list.
      config: publicForm(app.config.publicFormRateLimit, M.demandeEnregistree),
      schema: {
        tags,
        summary: 'Enregistre une demande de liste des logements (statut « En attente »)',
        description:
          'Une seconde demande de la même adresse e-mail (sans tenir compte de la casse) encore en attente ne crée pas de doublon ; la réponse est exactement celle d’une première demande, pour ne pas révéler qu’une demande existe pour cette adresse.',
        body: etudiantRequestSchema,
        response: { 200: etudiantAddResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // The same answer whether or not the address already has a pending request: anyone may
      // post any address, so the answer must not tell which ones have asked.
      await repo.addUnlessPending(app.db, request.body);
      return { status: 'success' as const, message: M.demandeEnregistree };
    },
  );
}

const csvColumns: CsvColumn<EtudiantRow>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: 'Date', value: (r) => r.date },
  { header: 'Email', value: (r) => r.email },
  { header: 'Adresse', value: (r) => r.adresse },
  { header: 'Code postal', value: (r) => r.cp },
  { header: 'Ville', value: (r) => r.ville },
  { header: 'École envisagée', value: (r) => r.ecole },
  { header: 'Statut', value: (r) => r.statut },
];

/** The table 'Demandes étudiants', its export and the bulk action (ROLE_ADMIN or ROLE_USER). */
export async function etudiantsAdminRoutes(app: AppInstance) {
  const access = 'gestion' as const;

  app.get(
    '/etudiants/get/list/by/filters',
    {
      config: { access },
      schema: { tags, querystring: etudiantListQuerySchema, response: { 200: etudiantListSchema } },
    },
    async (request) => {
      const { count, rows } = await repo.list(app.db, request.query);
      return { count, etudiants: rows };
    },
  );

  app.get(
    '/etudiants/export',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Export CSV (recherche, filtres et tri de la liste, toutes les lignes)',
        querystring: etudiantExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    (request, reply) =>
      sendCsv(reply, 'inscriptions_étudiants.csv', csvColumns, repo.exportRows(app.db, request.query)),
  );

  app.put(
    '/etudiants/update',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Valide (statut 2 et courriel avec la liste des logements) ou refuse (statut 3) une sélection',
        description:
          'Valider laisse telles quelles les demandes déjà validées (aucun second courriel). Un identifiant inconnu (404) ou le refus d’une demande déjà validée (400) ne change rien, et chaque demande en cause est nommée dans `errors`.',
        body: etudiantUpdateSchema,
        response: {
          200: etudiantUpdateResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { selection, action } = request.body;
      const what = { action, demandes: selection.map((r) => r.id) };
      const result = await loggedAction(request.log, 'action_groupee_etudiants', what, () =>
        applyEtudiantAction({ db: app.db, mail: app.mail }, selection, action),
      );
      return { status: 'success' as const, ...result };
    },
  );
}
