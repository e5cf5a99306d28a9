import {
  JOURNAL_HISTORIQUE_MAX,
  type JournalLine,
  type JournalListFilter,
  type journalListQuerySchema,
} from '@guichet/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { journal } from '../../platform/journal/journal.tables.ts';
import { containsText, type ListDefinition, runList, streamList } from '../../platform/list-query.ts';

type ListParams = z.output<typeof journalListQuerySchema>;

const fields = {
  id: journal.id,
  date: journal.date,
  agentId: journal.agentId,
  agent: journal.agent,
  action: journal.action,
  entite: journal.entite,
  entiteId: journal.entiteId,
  resume: journal.resume,
  avant: journal.avant,
  apres: journal.apres,
};

/** Midnight of a Paris day, as an instant: the date filters stay a range on the indexed column. */
const parisMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;

/** The « Journal » table and its CSV export: one definition, the same lines. */
export const journalList: ListDefinition<typeof fields, JournalListFilter> = {
  fields,
  from: (db, f) => db.select(f).from(journal).$dynamic(),
  columns: { date: journal.date, agent: journal.agent, action: journal.action, entite: journal.entite },
  defaultSort: { name: 'date', direction: 'desc' },
  searchIn: [journal.agent, journal.resume],
  filters: (f) => [
    f.action ? eq(journal.action, f.action) : undefined,
    f.entite ? eq(journal.entite, f.entite) : undefined,
    f.entiteId ? eq(journal.entiteId, f.entiteId) : undefined,
    f.agent ? containsText([journal.agent], f.agent) : undefined,
    f.du ? gte(journal.date, parisMidnight(f.du)) : undefined,
    // « au » is inclusive: up to the next day's midnight.
    f.au ? lt(journal.date, sql`(${parisMidnight(f.au)} + interval '1 day')`) : undefined,
  ],
  id: journal.id,
};

export const journalRepository = {
  list: (db: DbOrTx, params: ListParams) => runList(db, journalList, params),
  exportRows: (db: DbOrTx, params: Omit<ListParams, 'page' | 'rowsPerPage'>) => streamList(db, journalList, params),
  /** The newest lines about one offer, partner or student request (its detail page's « Historique »). */
  historique(db: DbOrTx, entite: string, id: number): Promise<JournalLine[]> {
    return db
      .select(fields)
      .from(journal)
      .where(and(eq(journal.entite, entite), eq(journal.entiteId, id)))
      .orderBy(desc(journal.date), desc(journal.id))
      .limit(JOURNAL_HISTORIQUE_MAX);
  },
};
