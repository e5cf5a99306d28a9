import {
  errorResponseSchema,
  formatDate,
  formatPhone,
  PARTENAIRE_MESSAGES as M,
  MESSAGES,
  PARTENAIRE_TYPE_LABELS,
  type PartenaireType,
  partenaireAdminResponseSchema,
  partenaireAdminUpdateSchema,
  partenaireExportQuerySchema,
  partenaireIdParamsSchema,
  partenaireListQuerySchema,
  partenaireListSchema,
  partenaireValidUpdateSchema,
  successSchema,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import { type PartenaireExportRow, partenairesRepository as repo } from './partenaires.repository.ts';
import * as rules from './partenaires.service.ts';

const tags = ['Partenaires (administration)'];
const access = 'gestion' as const;
const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const csvColumns: CsvColumn<PartenaireExportRow>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: "Date d'inscription", value: (r) => r.date },
  // The list shows the last update as a day (spec §9): the export says the same.
  { header: 'Dernière mise à jour', value: (r) => formatDate(r.dateLastUpdate) },
  { header: 'Données à valider', value: (r) => r.tempdata },
  { header: 'Mail envoyé', value: (r) => r.token },
  { header: 'Statut', value: (r) => r.statut },
  { header: 'Activé', value: (r) => (r.actif ? 'Actif' : 'Inactif') },
  { header: 'Catégorie', value: (r) => r.categorie },
  { header: 'Filtre', value: (r) => r.filtre },
  { header: 'Type de partenaire', value: (r) => PARTENAIRE_TYPE_LABELS[r.typePartenaire as PartenaireType] },
  { header: 'Nom', value: (r) => r.nom },
  { header: 'Site web', value: (r) => r.lien },
  { header: 'Lien des offres', value: (r) => r.lienOffres },
  { header: 'Présentation', value: (r) => r.presentation },
  { header: 'Raison sociale', value: (r) => r.nomComplet },
  { header: 'Adresse', value: (r) => r.adresse },
  { header: 'Code postal', value: (r) => r.cp },
  { header: 'Ville', value: (r) => r.ville },
  // Grouped by two: a spreadsheet reads ten bare digits as a number and drops the 0.
  { header: 'Téléphone', value: (r) => formatPhone(r.telephone) },
  { header: 'Mail', value: (r) => r.mail },
  { header: 'Civilité du représentant', value: (r) => r.civiliteR },
  { header: 'Nom du représentant', value: (r) => r.nomR },
  { header: 'Prénom du représentant', value: (r) => r.prenomR },
  { header: 'Fonction du représentant', value: (r) => r.fonctionR },
  { header: 'Téléphone du représentant', value: (r) => formatPhone(r.telephoneR) },
  { header: 'Mail du représentant', value: (r) => r.mailR },
];

/** The partners table, its export, the partner page and its actions (spec §7 Admin). */
export async function partenairesAdminRoutes(app: AppInstance) {
  const deps = { db: app.db, mail: app.mail, linkDays: app.config.partnerLinkDays };
  const saved = (message: string) => ({ status: 'success' as const, message });

  app.get(
    '/partenaires/get/list/by/filters',
    {
      config: { access },
      schema: { tags, querystring: partenaireListQuerySchema, response: { 200: partenaireListSchema } },
    },
    async (request) => {
      const { annee, filter, ...rest } = request.query;
      const { count, rows } = await repo.list(app.db, { ...rest, filter: { ...filter, annee } });
      return { count, partenaires: rows };
    },
  );

  app.get(
    '/partenaire/export',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Export CSV (année, recherche, filtres et tri de la liste, toutes les lignes)',
        querystring: partenaireExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    (request, reply) => {
      const { annee, filter, ...rest } = request.query;
      return sendCsv(
        reply,
        'inscriptions_partenaires.csv',
        csvColumns,
        repo.exportRows(app.db, { ...rest, filter: { ...filter, annee } }),
      );
    },
  );

  app.get(
    '/partenaire/get/:id',
    {
      config: { access },
      schema: {
        tags,
        params: partenaireIdParamsSchema,
        response: { 200: partenaireAdminResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partenaire = await repo.findAdmin(app.db, request.params.id);
      if (!partenaire) throw notFound(MESSAGES.partenaireIntrouvable);
      return { partenaire };
    },
  );

  app.put(
    '/partenaire/update/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Enregistre le partenaire, son statut, son activation, sa catégorie et son filtre',
        params: partenaireIdParamsSchema,
        body: partenaireAdminUpdateSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await rules.updateByStaff(deps, request.params.id, request.body.partenaire);
      return saved(MESSAGES.enregistrementReussi);
    },
  );

  app.put(
    '/partenaire/send/mail/update/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Envoie au partenaire le mail de renouvellement avec son lien personnel',
        params: partenaireIdParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await rules.sendRenewal(deps, request.params.id);
      return saved(M.mailEnvoye);
    },
  );

  app.put(
    '/partenaire/valid/update/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Valide les modifications proposées (éventuellement corrigées)',
        params: partenaireIdParamsSchema,
        body: partenaireValidUpdateSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await rules.validateProposal(deps, request.params.id, request.body.partenaire);
      return saved(M.modificationsValidees);
    },
  );

  app.put(
    '/partenaire/reject/update/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Refuse les modifications proposées',
        params: partenaireIdParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await rules.refuseProposal(deps, request.params.id);
      return saved(M.modificationsRefusees);
    },
  );
}
