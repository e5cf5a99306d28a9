import { errorResponseSchema } from '../common.ts';

/** What several groups of the table share: the error answer, the CSV exports, the usual refusals. */
export const e = errorResponseSchema;
export const CSV = ['text/csv'] as const;
export const exportSummary = 'Export CSV (recherche, filtres et tri de la liste, toutes les lignes)';
export const publicRefusals = { 400: e, 404: e, 429: e, 503: e };
export const adminRefusals = { 400: e, 404: e, 409: e };
