import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * Drizzle passes PGlite the same value parsers with every statement: dates, timestamps,
 * intervals and their arrays kept as the database's text (drizzle's columns read that text
 * themselves). PGlite merges them into its own table of parsers on each statement, a copy of ~340
 * entries (one per array type, each table's row type included): measured ~200 µs, a third of a
 * small query's time (docs/benchmarks.md, quinzième passe).
 *
 * Here those parsers become PGlite's own when the portal opens the database, and a statement that
 * brings exactly these (by type id) goes without them: the same values, without the copy. A
 * statement bringing any other parser keeps its options as they are. They are installed after
 * PGlite has started, not through `PGlite.create`'s `parsers` option: its start then sets a parser
 * for every array type, over the arrays drizzle keeps as text.
 */
const AS_TEXT = (value: string) => value;
/** Timestamp, timestamptz, interval, date, then the arrays of numeric, timestamp, timestamptz, interval, date. */
const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES.map(String));

/** The options without drizzle's parsers when they are all PGlite's own now; as they were otherwise. */
function lighter(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const type in parsers) if (!TEXT_TYPES.has(type)) return options;
  return { ...options, parsers: undefined };
}

function wrapQuery<T extends Pick<PGlite, 'query'>>(target: T): T {
  const query = target.query.bind(target);
  target.query = ((text, params, options) => query(text, params, lighter(options))) as PGlite['query'];
  return target;
}

/** Clients already set up: opened twice, a client is wrapped once. */
const installed = new WeakSet<PGlite>();

export function withDriverParsers(client: PGlite): PGlite {
  if (installed.has(client)) return client;
  installed.add(client);
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = AS_TEXT;
  wrapQuery(client);
  const transaction = client.transaction.bind(client);
  // Drizzle runs a transaction's statements on PGlite's transaction object: the same saving there.
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => fn(wrapQuery(tx)))) as PGlite['transaction'];
  return client;
}
