import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';
import { seedReference } from './seed.ts';

// server/drizzle, from the sources (server/src/db) or from the bundle `npm start` runs (server/dist).
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
  .find((dir) => existsSync(`${dir}/meta/_journal.json`)) as string;
/** Several processes may start together against one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed SQL migrations, then the idempotent reference seed. `folder`: another set
 * of migrations (a test brings a database to an earlier version first).
 */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    await seedReference(database.db);
    return;
  }
  await database.db.transaction(async (tx) => {
    // Waiting for another process's migrations, or building an index on a big table, may take
    // longer than the statement timeout meant for requests.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // Loaded here: the embedded database's start does without the PostgreSQL driver.
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: folder });
    await seedReference(tx);
  });
}
