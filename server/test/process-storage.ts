import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { dbKind } from './harness.ts';
import { createDatabase } from './postgres-server.ts';

/**
 * A data location of this run's kind that a server process can open (its environment), and a way to
 * open it from the test. On PostgreSQL, a fresh database copied from the migrated template.
 */
export async function processStorage(prefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let url: string | undefined;
  if (dbKind === 'postgres') {
    url = (await createDatabase(inject('postgresUrl'), `f_${Date.now().toString(36)}`, 'guichet_template')).url;
  }
  const env: Record<string, string> = url ? { DATA_DIR: dataDir, DATABASE_URL: url } : { DATA_DIR: dataDir };
  const open = (): Promise<Database> => (url ? openPostgres(url) : openPglite(dataDir));
  return { env, open, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
