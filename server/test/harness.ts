import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';
import { agentsRepository } from '../src/features/auth/agents.repository.ts';
import type { AppInstance } from '../src/platform/app-instance.ts';
import { type MailDispatcher, startMailDispatcher } from '../src/platform/mail/index.ts';
import { lease } from './pglite-pool.ts';
import { createDatabase } from './postgres-server.ts';
import './provided.ts';
import { recordStatements } from './statements.ts';

/** Which database this test run exercises: the vitest project sets it. */
export const dbKind = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite') as 'pglite' | 'postgres';

/**
 * A suite that only means something on one kind of database (row locks between PostgreSQL
 * connections, the embedded database's single-process rule). It is registered only in that
 * kind's run, so the other run neither executes nor reports it as skipped. A file made only of
 * such suites is named `*.pglite.test.ts` or `*.postgres.test.ts` (vitest.config.ts), or the other
 * run would find no suite in it and fail.
 */
export function describeOn(kind: 'pglite' | 'postgres', name: string, fn: () => void) {
  if (kind === dbKind) describe(name, fn);
}

/** A new PostgreSQL database on the tests' server (a copy of `template` when given), dropped when closed. */
async function privatePostgres(prefix: string, template?: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const created = await createDatabase(inject('postgresUrl'), name, template);
  const database = await openPostgres(created.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A fresh database of this run's kind with nothing in it, not even the migrations. */
export async function emptyDatabase(): Promise<Database> {
  if (dbKind === 'postgres') return privatePostgres('e');
  return openPglite(await PGlite.create({ extensions: pgliteExtensions }));
}

/** A fresh, migrated database of this run's kind, private to the caller. */
export async function testDatabase(): Promise<Database> {
  if (dbKind === 'postgres') return recordStatements(await privatePostgres('t', 'guichet_template'));
  const { client, release } = await lease(inject('pgliteTemplate'));
  return recordStatements({ ...(await openPglite(client)), close: release });
}

/** A fresh, migrated embedded database as PGlite's own client, before the portal opens it. */
export async function migratedPglite(): Promise<PGlite> {
  const dump = readFileSync(inject('pgliteTemplate'));
  return PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
}

export type TestApp = {
  app: AppInstance;
  database: Database;
  config: Config;
  /** Creates an agent with these roles and returns a logged-in cookie header for it. */
  agent: (roles: string[], username?: string) => Promise<{ cookie: string; id: number; username: string }>;
  /**
   * The app's mail dispatcher, without timer: queued mail goes out only on `mail.drain()`, to
   * SMTP_URL if given (see test/smtp-peer.ts), else as .eml files under `dataDir`/mail.
   */
  mail: MailDispatcher;
  close: () => Promise<void>;
};

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The real app on a private database, for `app.inject` tests. */
export async function testApp(env: Record<string, string> = {}, dataDir?: string): Promise<TestApp> {
  const database = await testDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_FORM_RATE_LIMIT: '0',
    ...env,
    DATA_DIR: dataDir ?? '/nonexistent',
  });
  const mail = startMailDispatcher({ db: database.db, kind: database.kind, config, log: quietLog, background: false });
  const app = await buildApp({ config, database, logger: false, mailDispatcher: mail });
  await app.ready();
  let n = 0;
  return {
    app,
    database,
    config,
    mail,
    async agent(roles, username = `agent${++n}_${randomBytes(3).toString('hex')}`) {
      const password = 'mot-de-passe-de-test';
      const id = await agentsRepository.create(database.db, {
        username,
        password,
        prenom: 'Camille',
        nom: 'Test',
        roles,
      });
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      // `sid`, or `__Host-sid` when PUBLIC_URL is https.
      const sid = res.cookies.find((c) => c.name === app.sessions.cookieName);
      return { cookie: `${sid?.name}=${sid?.value}`, id, username };
    },
    async close() {
      await app.close();
      await mail.stop();
      await database.close();
    },
  };
}
