import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Logger } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import type { Database } from '../src/db/client.ts';
import type {} from './statement-check.ts';
import './provided.ts';

/**
 * Declares that this API test file runs on the embedded database only: what it sends is ordinary
 * SQL that the files running on both databases also send on PostgreSQL. Written as the file's own
 * top-level call with its reason; vitest.config.ts reads it (server/test/one-database.ts) and the
 * end of a full run checks it (server/test/statement-check.ts).
 */
export function onPgliteOnly(reason: string) {
  if (!reason.trim()) throw new Error('onPgliteOnly : donnez la raison.');
  if (process.env.TEST_DB === 'postgres')
    throw new Error('Fichier marqué onPgliteOnly ouvert sur PostgreSQL : vitest.config.ts devait l’écarter.');
}

/**
 * One line of a statement as the driver receives it, whatever the number of values: parameters
 * become `$n` (a list of them too), repeated rows of values one row.
 */
export function normalise(statement: string): string {
  return statement
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$\d+/g, '$n')
    .replace(/\$n(, \$n)+/g, '$n')
    .replace(/(\([^()]*\))(, \1)+/g, '$1');
}

export type Recorded = { file: string; sql?: string; overlap?: true };

const recorded = new WeakSet<object>();
const seen = new Set<string>();

/**
 * Records each distinct statement this database receives, per test file and database kind, in the
 * folder the API global setup provides (nothing outside the API projects). Also notes transactions
 * started while another is open on the same database: concurrency, which differs by nature between
 * one embedded connection and a pool.
 */
export function recordStatements(database: Database): Database {
  const dir = inject('sqlRecordDir');
  if (!dir || recorded.has(database.db)) return database;
  recorded.add(database.db);
  const out = path.join(dir, `${database.kind}-${process.pid}-${threadId}.jsonl`);
  const write = (line: Recorded) => {
    const text = JSON.stringify(line);
    if (seen.has(text)) return;
    seen.add(text);
    appendFileSync(out, `${text}\n`);
  };
  const file = () => path.relative(process.cwd(), expect.getState().testPath ?? 'inconnu');
  const logger: Logger = { logQuery: (query) => write({ file: file(), sql: normalise(query) }) };
  // Drizzle reads its logger from the session, and a transaction's session from its options.
  const session = (database.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  session.logger = logger;
  session.options.logger = logger;
  const db = database.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = db.transaction.bind(db);
  let open = 0;
  db.transaction = async (...args) => {
    if (++open > 1) write({ file: file(), overlap: true });
    try {
      return await transaction(...args);
    } finally {
      open--;
    }
  };
  return database;
}
