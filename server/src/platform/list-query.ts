import { and, asc, type Column, desc, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** What a table's query string carries once the contract schema has parsed it. */
export type ListParams<F> = {
  search: string;
  page: number;
  rowsPerPage: number;
  sort?: { name: string; direction: 'asc' | 'desc' };
  filter: F;
};

/**
 * One definition per admin table: the base query, the sortable columns, the searched columns
 * and how each filter narrows. The table, its count and its CSV export all come from it, so
 * what staff export is exactly what they see.
 */
export type ListDefinition<R extends Record<string, unknown>, F> = {
  /** The selected fields of a row, by their API name. */
  fields: { [K in keyof R]: SQLWrapper | Column };
  /** `db.select(fields).from(table)…joins….$dynamic()`: the same joins for rows and count. */
  from: (db: DbOrTx, fields: Record<string, SQLWrapper | Column>) => PgSelect;
  /** Sortable columns by their API name (the whitelist: anything else never reaches SQL). */
  columns: Record<string, SQLWrapper | Column>;
  defaultSort: { name: string; direction: 'asc' | 'desc' };
  /** Text columns searched by a case- and accent-insensitive "contains". */
  searchIn: (SQLWrapper | Column)[];
  filters: (filter: F) => (SQL | undefined)[];
  /** Unique column used to break ties (stable paging) and to bound an export. */
  id: Column;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `immutable_unaccent(lower(x)) like %term%`: accents and case never hide a match. */
export function containsText(columns: (SQLWrapper | Column)[], term: string): SQL | undefined {
  const t = term.trim();
  if (!t || columns.length === 0) return undefined;
  const pattern = `%${escapeLike(t)}%`;
  const parts = columns.map(
    (c) => sql`immutable_unaccent(lower(${c}::text)) like immutable_unaccent(lower(${pattern}))`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A day (YYYY-MM-DD) of Europe/Paris, as a condition on a timestamp column. */
export function onParisDay(column: Column | SQLWrapper, day: string): SQL {
  return sql`(${column} at time zone 'Europe/Paris')::date = ${day}::date`;
}

type Def<F> = ListDefinition<Record<string, unknown>, F>;

function whereOf<F>(def: Def<F>, params: Pick<ListParams<F>, 'search' | 'filter'>) {
  return and(containsText(def.searchIn, params.search), ...def.filters(params.filter));
}

function orderOf<F>(def: Def<F>, sort: ListParams<F>['sort']) {
  const chosen = sort && sort.name in def.columns ? sort : def.defaultSort;
  const column = def.columns[chosen.name] ?? def.columns[def.defaultSort.name];
  const dir = chosen.direction === 'desc' ? desc : asc;
  return [dir(column as Column), dir(def.id)];
}

/** One page and the total count. */
export async function runList<R extends Record<string, unknown>, F>(
  db: DbOrTx,
  def: ListDefinition<R, F>,
  params: ListParams<F>,
): Promise<{ count: number; rows: R[] }> {
  const d = def as unknown as Def<F>;
  const where = whereOf(d, params);
  const rows = (await d
    .from(db, d.fields)
    .where(where)
    .orderBy(...orderOf(d, params.sort))
    .limit(params.rowsPerPage)
    .offset(params.page * params.rowsPerPage)) as R[];
  const [{ count }] = (await d.from(db, { count: sql<number>`count(*)::int` }).where(where)) as [{ count: number }];
  return { count, rows };
}

/**
 * Every matching row, in batches: memory stays flat whatever the row count. Rows inserted
 * after the export started are left out, so offsets never shift under it.
 */
export async function* streamList<R extends Record<string, unknown>, F>(
  db: DbOrTx,
  def: ListDefinition<R, F>,
  params: Pick<ListParams<F>, 'search' | 'filter' | 'sort'>,
  batchSize = 2000,
): AsyncGenerator<R> {
  const d = def as unknown as Def<F>;
  const [{ maxId }] = (await d.from(db, { maxId: sql<number>`coalesce(max(${d.id}), 0)::int` })) as [{ maxId: number }];
  const where = and(whereOf(d, params), lte(d.id, maxId));
  const order = orderOf(d, params.sort);
  for (let offset = 0; ; offset += batchSize) {
    const batch = (await d
      .from(db, d.fields)
      .where(where)
      .orderBy(...order)
      .limit(batchSize)
      .offset(offset)) as R[];
    yield* batch;
    if (batch.length < batchSize) return;
  }
}
