import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withDriverParsers } from './pglite-parsers.ts';
import { withLoopTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type features use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository method accepts the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * The databases that run queries side by side (PostgreSQL, through its pool); PGlite has one
 * connection, and a transaction one too.
 */
const pooled = new WeakSet<object>();
export const runsSideBySide = (db: DbOrTx) => pooled.has(db);

/** PGlite needs its extensions on every open (stack notes). */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * The data sits in memory or on SSD: a random read costs about as much as a sequential one.
 * With PostgreSQL's spinning-disk default (4), the planner reads a whole table rather than use
 * the trigram index for a search matching a few thousand rows (80 ms instead of 20).
 */
const RANDOM_PAGE_COST = '1.1';
/**
 * A searched page sorted on a one-column index: an incremental sort lets PostgreSQL walk that
 * index in order while filtering, betting that the LIMIT stops it early. Matches that sit together
 * in that order (« etudiant12 » among a million requests sorted by email) lose the bet: the whole
 * email index was read (2.1 s instead of 0.15 s through the search index).
 */
const PLANNER_SETTINGS = { random_page_cost: RANDOM_PAGE_COST, enable_incremental_sort: 'off' };

/**
 * PostgreSQL cancels a statement running longer than this (per connection): a runaway query cannot
 * hold a connection and its locks forever. Legitimate work stays far below it: a list with its count
 * over a million rows takes about 2 s, an export reads batches of a few thousand rows each. Migrations
 * and the retention run lift it for their own transaction. PGlite ignores statement_timeout (no timer
 * interrupts in its WebAssembly build; measured: pg_sleep(1) under a 200 ms timeout returns after 1 s),
 * so the embedded database has none: it serves one process, behind the server's request limits.
 */
export const STATEMENT_TIMEOUT_MS = 60_000;

export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  let client: PGlite;
  if (typeof dataDir === 'string') {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  } else {
    client = dataDir;
  }
  await client.exec(
    Object.entries(PLANNER_SETTINGS)
      .map(([k, v]) => `set ${k} = ${v};`)
      .join(' '),
  );
  const db = drizzlePglite({
    client: withLoopTurns(withDriverParsers(client)),
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string, opts: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const settings = { ...PLANNER_SETTINGS, statement_timeout: String(opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS) };
  // Loaded for PostgreSQL only: the embedded database's start does without them (0.2 s).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    options: Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' '),
  });
  // A dropped connection must not crash the process: the pool replaces it on the next query.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  pooled.add(db);
  return { db, kind: 'postgres', close: () => pool.end() };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
