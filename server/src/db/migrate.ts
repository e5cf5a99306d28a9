import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';
import { seedReference } from './seed.ts';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Several processes may start together against one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK = 727_001;

/** Applies the committed SQL migrations, then the idempotent reference seed. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await seedReference(database.db);
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder });
    await seedReference(tx);
  });
}
