import { randomBytes } from 'node:crypto';
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
  let drop: (() => Promise<unknown>) | undefined;
  if (dbKind === 'postgres') {
    // Random: two test files may ask for one in the same millisecond.
    const name = `p_${randomBytes(6).toString('hex')}`;
    ({ url, drop } = await createDatabase(inject('postgresUrl'), name, 'guichet_template'));
  }
  const env: Record<string, string> = url ? { DATA_DIR: dataDir, DATABASE_URL: url } : { DATA_DIR: dataDir };
  const open = (): Promise<Database> => (url ? openPostgres(url) : openPglite(dataDir));
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await drop?.();
  };
  return { env, open, cleanup };
}
