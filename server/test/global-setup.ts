import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../e2e/chromium.ts';
import { openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDatabase, startPostgres } from './postgres-server.ts';
import { statementCheck } from './statement-check.ts';

import './provided.ts';

/**
 * Migrates one template per database kind, once per run; each test file then starts from a
 * copy (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB ?? process.env.TEST_DB;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'guichet-test-'));
  const checkStatements = statementCheck(project);
  if (project.name === 'e2e') {
    // Once, before the workers: the npm Chromium is unpacked here, and a missing browser fails the run now.
    const t = performance.now();
    const { source } = findChromium();
    console.log(`Navigateur des tests : ${source} (${seconds(t)})`);
  }
  if (kind === 'postgres') {
    const t = performance.now();
    const server = await startPostgres();
    console.log(`PostgreSQL des tests : ${server.source} (démarré en ${seconds(t)})`);
    const template = await createDatabase(server.url('postgres'), 'guichet_template');
    const database = await openPostgres(template.url);
    await migrate(database);
    await database.close();
    project.provide('postgresUrl', server.url('postgres'));
    project.provide('pgliteTemplate', '');
    return async () => {
      await checkStatements();
      server.stop();
      rmSync(tmp, { recursive: true, force: true });
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(tmp, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  return async () => {
    await checkStatements();
    rmSync(tmp, { recursive: true, force: true });
  };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
