import { and, asc, Column, desc, is, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { type DbOrTx, runsSideBySide } from '../db/client.ts';
import { searchExpression } from '../db/search.ts';
import { tableRowCount } from './row-counts.ts';
import { frequentTrigrams, rarePiece } from './search-pieces.ts';

/** What a table's query string carries once the contract schema has parsed it. */
export type ListParams<F> = {
  search: string;
  page: number;
  rowsPerPage: number;
  sort?: { name: string; direction: 'asc' | 'desc' };
  filter: F;
};

/** What a list selects, by API name: columns and SQL expressions. */
export type ListFields = SelectedFieldsFlat;
/** A row of a list: each field typed as the database returns it (the row type follows the fields). */
export type ListRow<T extends ListFields> = SelectResultFields<T>;

/**
 * One definition per admin table: the base query, the sortable columns, the searched columns
 * and how each filter narrows. The table, its count and its CSV export all come from it, so
 * what staff export is exactly what they see.
 */
export type ListDefinition<T extends ListFields, F> = {
  /** The selected fields of a row, by their API name. */
  fields: T;
  /**
   * `db.select(fields).from(table)…joins….$dynamic()`. The helper passes either `fields` or its own
   * (the ids, a packed row). The joins only add labels: they never drop nor repeat a row (inner
   * joins on required foreign keys, left joins on a primary key), and no search or filter reads
   * them, so a count reads the table alone (a filter on a joined label would fail there, loudly:
   * « missing FROM-clause entry »).
   */
  from: (db: DbOrTx, fields: ListFields) => PgSelect;
  /** Sortable columns by their API name (the whitelist: anything else never reaches SQL). */
  columns: Record<string, SQLWrapper | Column>;
  defaultSort: { name: string; direction: 'asc' | 'desc' };
  /**
   * What the search box looks in, case- and accent-insensitively: text columns, or for a big
   * table its stored search column (`recherche`, already lower-cased and unaccented, with a
   * trigram index: the feature's *.tables.ts); `copy`, the same text in a narrow table of its own,
   * where the total of a search alone is counted in fewer blocks; `trigrams`, the statistics object
   * that names the text's frequent trigrams, left out of the index lookup (search-pieces.ts).
   */
  searchIn: (SQLWrapper | Column)[] | { stored: Column; copy?: Column; trigrams?: string };
  /**
   * Further matches outside the table's own columns, e.g. a status label: `statut_id in (…)`.
   * Resolved to ids before the list query, so the search stays an index lookup (an `or` with a
   * subquery makes the planner read the whole table).
   */
  searchAlso?: (db: DbOrTx, term: string) => Promise<SQL | undefined> | SQL | undefined;
  filters: (filter: F) => (SQL | undefined)[];
  /** Unique column used to break ties (stable paging) and to bound an export. */
  id: Column;
  /**
   * Beyond this many matches, the total of a search or filter is not counted to the end: the answer
   * says « more than » (`countIsLowerBound`). For the tables that reach a million rows, where the
   * exact total of a broad search re-reads most of the table (« martin »: 83 000 offers, 150 ms
   * for the total against 0.2 ms for the page). Lists whose total drives an action stay exact.
   */
  countCap?: number;
};

/** The cap of the lists that reach a million rows: a total beyond it reads « plus de 10 000 ». */
export const COUNT_CAP = 10_000;

/** A page of a list and its total: exact, or with `countIsLowerBound`, « more than `count` ». */
export type ListPage<R> = { count: number; rows: R[]; countIsLowerBound?: true };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a "contains" search, lower-cased and without accents like the text. */
export const containsPattern = (term: string) => sql`immutable_unaccent(lower(${`%${escapeLike(term.trim())}%`}))`;

/** `searched text like %term%`: accents and case never hide a match. */
export function containsText(columns: (SQLWrapper | Column)[], term: string): SQL | undefined {
  if (!term.trim() || columns.length === 0) return undefined;
  return sql`${searchExpression(columns)} like ${containsPattern(term)}`;
}

/** A day (YYYY-MM-DD) of Europe/Paris, as a condition on a timestamp column. */
export function onParisDay(column: Column | SQLWrapper, day: string): SQL {
  return sql`(${column} at time zone 'Europe/Paris')::date = ${day}::date`;
}

/** Any list, whatever its fields and filters (a filter of no type is accepted by every list). */
export type AnyList = ListDefinition<ListFields, never>;

/** The search box's condition for a list (exported for the index tests). */
export async function searchOf(db: DbOrTx, def: Pick<AnyList, 'searchIn' | 'searchAlso'>, term: string) {
  return (await searchParts(db, def, term))?.where;
}

/**
 * `text like %term%`, or with a `piece` of the term (search-pieces.ts): the index is asked for the
 * piece, and `strpos` (which no index serves) checks the whole term in each row found. The term is
 * then plain ASCII: lower-casing it is all the normalisation the stored text had.
 */
function matches(text: Column, term: string, piece: string | undefined) {
  if (!piece) return sql`${text} like ${containsPattern(term)}`;
  return sql`(${text} like ${`%${piece}%`} and strpos(${text}, ${term.trim().toLowerCase()}) > 0)`;
}

/** The search's condition, and how to match the searched text alone (nothing matched outside it). */
async function searchParts(db: DbOrTx, def: Pick<AnyList, 'searchIn' | 'searchAlso'>, term: string) {
  if (!term.trim()) return undefined;
  const searchIn = def.searchIn;
  let own: SQL | undefined;
  let text: ((column: Column) => SQL) | undefined;
  if ('stored' in searchIn) {
    const frequent = searchIn.trigrams ? await frequentTrigrams(db, searchIn.trigrams) : undefined;
    const piece = frequent && rarePiece(term, frequent);
    text = (column) => matches(column, term, piece);
    own = text(searchIn.stored);
  } else {
    own = containsText(searchIn, term);
  }
  const also = await def.searchAlso?.(db, term);
  return { where: also ? or(own, also) : own, textAlone: also ? undefined : text };
}

async function whereOf<F>(
  db: DbOrTx,
  def: ListDefinition<ListFields, F>,
  params: Pick<ListParams<F>, 'search' | 'filter'>,
) {
  const search = await searchParts(db, def, params.search);
  const filters = def.filters(params.filter).filter((f) => f !== undefined);
  const where = and(search?.where, ...filters);
  // A search alone in a table that keeps a narrow copy of its searched text: the total is counted there.
  const copy = 'stored' in def.searchIn ? def.searchIn.copy : undefined;
  const countIn =
    copy && search?.textAlone && filters.length === 0
      ? { table: copy.table as PgTable, where: search.textAlone(copy) }
      : undefined;
  return { where, countIn };
}

function orderOf(def: AnyList, sort: ListParams<unknown>['sort']) {
  const chosen = sort && sort.name in def.columns ? sort : def.defaultSort;
  const column = def.columns[chosen.name] ?? def.columns[def.defaultSort.name];
  const dir = chosen.direction === 'desc' ? desc : asc;
  return [dir(column as Column), dir(def.id)];
}

/**
 * One page and the total count. With no search and no filter, the count comes from the table alone
 * (`wholeTable`); otherwise from `pageAndCount`.
 */
export async function runList<T extends ListFields, F>(
  db: DbOrTx,
  d: ListDefinition<T, F>,
  params: ListParams<F>,
): Promise<ListPage<ListRow<T>>> {
  const { where, countIn } = await whereOf(db, d, params);
  const found = where ? await pageAndCount(db, d, params, where, countIn) : await wholeTable(db, d, params);
  return found as ListPage<ListRow<T>>;
}

/**
 * The view staff open first (no search, no filter): the table's row count (its counter, kept by
 * triggers, for the big tables: row-counts.ts; counting 100 000 rows took 10–25 ms) and the page
 * straight from the sort's index, where `count(*) over ()` would carry every row of the table
 * through the joins and a sort (a million offers: ~1 s instead of a few ms for the page).
 * Sorted on a column whose index has it alone (the requests' email), the page is read along that
 * index with the ties on the id sorted as they come (an incremental sort), instead of sorting the
 * whole table (100 000 requests: ~100–140 ms). Allowed here only: with a filter, the same walk can
 * read the whole index for nothing (db/client.ts).
 */
async function wholeTable<F>(db: DbOrTx, d: ListDefinition<ListFields, F>, params: ListParams<F>) {
  const count = await tableRowCount(db, d.id.table as PgTable);
  const page = (on: DbOrTx) =>
    d
      .from(on, d.fields)
      .orderBy(...orderOf(d, params.sort))
      .limit(params.rowsPerPage)
      .offset(params.page * params.rowsPerPage) as unknown as Promise<Record<string, unknown>[]>;
  // The default sort reads its own (column, id) index (roles: a handful of rows): the view opened
  // most often skips the transaction.
  if (!params.sort || params.sort.name === d.defaultSort.name) return { count, rows: await page(db) };
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_incremental_sort = on`);
    return page(tx);
  });
  return { count, rows };
}

/**
 * A search or filters: the page, along the sort's index when the database can, and the count, read
 * from the search's or filter's index alone (a search alone, from the narrow copy of the searched
 * text when the table keeps one: `searchIn.copy`). A page that is not full says the count by itself (a
 * rare name, or nothing found). With `count(*) over ()` in the page's query, every matching row
 * went through the joins and a sort first: « martin » (8 333 offers of 100 000) took 90–117 ms on
 * PostgreSQL instead of 13–26; « En attente » at a million offers, 1.1 s. The count stays exact.
 * On PostgreSQL both queries run side by side on two connections (the agent waits for the longer
 * of the two, not their sum), and the count of a page that turns out not to be full is dropped;
 * on the embedded database, which runs one query at a time, the count waits for the page and is
 * asked only when it is needed. A list with `countCap` counts only up to it: « martin » at a million
 * offers (83 000 found) takes 29 ms to count to 10 001 instead of 152 ms to the end.
 */
async function pageAndCount<F>(
  db: DbOrTx,
  d: ListDefinition<ListFields, F>,
  params: ListParams<F>,
  where: SQL,
  countIn: { table: PgTable; where: SQL } | undefined,
) {
  const skipped = params.page * params.rowsPerPage;
  const total = { count: sql<number>`count(*)::int` };
  // The table alone: its joins only add labels (`from`). Through them, the 37 500 active partners of
  // the million-row bench were counted in 62 ms (a scan of the wide table to join each one's status)
  // instead of 8 (the status index alone).
  const counting = countIn ?? { table: d.id.table as PgTable, where };
  const counted = async (cap: number | undefined) => {
    if (cap === undefined) {
      const [{ count }] = await db.select(total).from(counting.table).where(counting.where);
      return count;
    }
    // Counted up to one past the cap: the scan stops there.
    const matching = db
      .select({ one: sql`1` })
      .from(counting.table)
      .where(counting.where)
      .limit(cap + 1);
    const [{ count }] = await db.select(total).from(matching.as('matching'));
    return count;
  };
  const early = runsSideBySide(db) ? counted(d.countCap) : undefined;
  // A page that fails leaves the early count to nobody: its own failure is not worth a report.
  early?.catch(() => {});
  const rows = (await d
    .from(db, d.fields)
    .where(where)
    .orderBy(...orderOf(d, params.sort))
    .limit(params.rowsPerPage)
    .offset(skipped)) as Record<string, unknown>[];
  if (rows.length < params.rowsPerPage && (rows.length > 0 || skipped === 0)) {
    return { count: skipped + rows.length, rows };
  }
  // Past the end (no row), only the exact count can say where the end is.
  if (rows.length === 0) return { count: await counted(undefined), rows };
  const count = await (early ?? counted(d.countCap));
  const cap = d.countCap;
  // Past the cap, the agent knows at least this page's last row: « 12 001–12 020 sur plus de 12 020 ».
  if (cap !== undefined && count > cap) {
    return { count: Math.max(cap, skipped + rows.length), rows, countIsLowerBound: true as const };
  }
  return { count, rows };
}

/**
 * An exported row as one JSON array (the id first), decoded back into named fields as the
 * column would, and a batch of them as one JSON array of those: PGlite copies every field of a
 * result into its own buffer and decodes it on its own, so 100 000 rows of 28 fields spent most of
 * the export in that copy (6 s); one field per row took a fraction, one value per batch less still.
 * Numerics travel as text to keep their scale ("45.50", not 45.5).
 */
function packedRow(fields: ListFields, id: Column) {
  const entries = Object.entries(fields);
  const cells = [id, ...entries.map(([, f]) => f)].map((f) =>
    is(f, Column) && f.getSQLType().startsWith('numeric') ? sql`${f}::text` : sql`${f}`,
  );
  // An SQL expression's JSON value is used as it is (none of the exports maps one with `mapWith`),
  // and so is a column's whose mapping is the identity (text, booleans): no call per cell for them.
  const keeps = (f: unknown) => !is(f, Column) || f.mapFromDriverValue === Column.prototype.mapFromDriverValue;
  const names = entries.map(([name]) => name);
  const decoders = entries.map(([, f]) =>
    keeps(f) ? undefined : (v: unknown) => (v === null ? null : (f as Column).mapFromDriverValue(v)),
  );
  return {
    select: { packed: sql<unknown[][]>`coalesce(json_agg(json_build_array(${sql.join(cells, sql`, `)})), '[]')` },
    id: (packed: unknown[]) => packed[0] as number,
    decode: (packed: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const decoder = decoders[i];
        row[names[i]] = decoder ? decoder(packed[i + 1]) : packed[i + 1];
      }
      return row;
    },
  };
}

/**
 * Every matching row, in the table's order, with flat memory: first the ordered ids (a few MB
 * even at a million rows, as one value), then the rows by primary key in batches of 2 500. Each batch is an index
 * lookup, where offset paging would sort the whole table again for every batch. Rows created
 * after the export started are left out; the ids fix the content at its start. Batches of 2 500
 * rather than 1 000: each query has its own cost on the embedded database (100 000 offers read in
 * 1.5 s instead of 1.7–2.1). Not more: with 5 000, the embedded database's memory grew by 126 MB
 * during the offers' export (16 MB with 2 500), and a WebAssembly memory never shrinks. Yields a
 * batch at a time: an async generator's every step is a round of promises, 100 000 of them for
 * 100 000 rows one by one.
 */
export async function* streamList<T extends ListFields, F>(
  db: DbOrTx,
  d: ListDefinition<T, F>,
  params: Pick<ListParams<F>, 'search' | 'filter' | 'sort'>,
  batchSize = 2500,
): AsyncGenerator<ListRow<T>[]> {
  // The ordered ids as one JSON array: one value to decode rather than a row object per id
  // (a million of them cost hundreds of MB of transient memory).
  const [{ ids }] = (await d
    .from(db, {
      ids: sql<number[]>`coalesce(json_agg(${d.id} order by ${sql.join(orderOf(d, params.sort), sql`, `)}), '[]')`,
    })
    .where((await whereOf(db, d, params)).where)) as [{ ids: number[] }];
  const row = packedRow(d.fields, d.id);
  const read = (from: number) => {
    const batch = ids.slice(from, from + batchSize);
    // One array parameter rather than a thousand: far less to parse and bind per batch.
    // A promise of its own: a query builder runs again at each `then`, and this one is awaited once.
    const found: Promise<[{ packed: unknown[][] }]> = Promise.resolve(
      d.from(db, row.select).where(sql`${d.id} = any(${sql.param(batch)}::int[])`) as unknown as Promise<
        [{ packed: unknown[][] }]
      >,
    );
    return { batch, found };
  };
  // The next batch is asked for before this one is written out: on PostgreSQL the database reads it
  // while the CSV is being built.
  let next = ids.length > 0 ? read(0) : undefined;
  for (let i = 0; next; i += batchSize) {
    const { batch, found } = next;
    const [{ packed: rows }] = await found;
    next = i + batchSize < ids.length ? read(i + batchSize) : undefined;
    // A batch still under way when the download is abandoned: its answer is not needed.
    next?.found.catch(() => {});
    const byId = new Map<number, unknown[]>();
    for (const packed of rows) byId.set(row.id(packed), packed);
    const decoded: ListRow<T>[] = [];
    for (const id of batch) {
      const packed = byId.get(id);
      if (packed) decoded.push(row.decode(packed) as ListRow<T>); // else deleted since the export started
    }
    yield decoded;
  }
}
