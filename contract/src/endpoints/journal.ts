import { endpoint } from '../endpoint.ts';
import {
  journalExportQuerySchema,
  journalHistoriqueParamsSchema,
  journalHistoriqueSchema,
  journalListQuerySchema,
  journalListSchema,
} from '../journal.ts';
import { CSV, e, exportSummary } from './shared.ts';

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
