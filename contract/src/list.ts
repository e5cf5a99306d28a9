import { z } from 'zod';
import { daySchema, hasForbiddenCharacter, safeString } from './common.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Admin tables (docs/spec/portal-spec.md §2, docs/spec/decisions.md §4). */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The query of every server-side table. Built from the table's own sortable columns and
 * filter shape, so an unknown sort column is a 400 before any SQL is written.
 */
export function listQuerySchema<C extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  columns: C,
  filter: F,
) {
  return z.object({
    search: safeString()
      .trim()
      .max(200, { error: FIELD_MESSAGES.tropLong(200) })
      .optional()
      .default(''),
    page: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
    rowsPerPage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'Taille de page invalide.' })
      .optional()
      .default(DEFAULT_PAGE_SIZE),
    sort: z
      .object({
        name: z.enum(columns, { error: 'Colonne de tri inconnue.' }),
        direction: z.enum(['asc', 'desc']).optional().default('asc'),
      })
      .optional(),
    filter: z
      .object(filter)
      .partial()
      .optional()
      .default({} as never),
  });
}

/**
 * The total of a list that can reach a million rows: exact, or past 10 000 matches a lower bound
 * (`countIsLowerBound`: « plus de `count` »), since counting a broad search to the end re-reads
 * most of the table (docs/decisions.md, « Le total d'une recherche large »).
 */
export const cappedCountShape = {
  count: z.number().int(),
  countIsLowerBound: z.literal(true).optional(),
};

/** The filters of a list as the server receives them, parsed: derived from the list's query schema. */
export type ListFilter<Q extends z.ZodType> = z.output<Q> extends { filter: infer F } ? F : never;

/** Boolean filters arrive as 'true'/'false' strings in the query string. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A status filter: one id or several. */
const refId = z.coerce
  .number()
  .int()
  .min(1, { error: 'Identifiant invalide.' })
  // Reference ids (statuts, categories) are small: beyond, the database column would overflow.
  .max(32_767, { error: 'Identifiant invalide.' });
export const queryIds = z.union([refId, z.array(refId).max(20)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** A date filter: a day (YYYY-MM-DD) of the calendar, in Europe/Paris. */
export const queryDay = daySchema;
export const queryText = z
  .string()
  .trim()
  .max(200, { error: FIELD_MESSAGES.tropLong(200) })
  .refine((s) => !hasForbiddenCharacter(s), { error: FIELD_MESSAGES.caractere });
