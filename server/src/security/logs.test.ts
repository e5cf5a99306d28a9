import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/harness.ts';
import { type AppInstance, buildApp, loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

describe(`journaux sans secret (${dbKind})`, () => {
  const lines: string[] = [];
  let app: AppInstance;
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', PUBLIC_FORM_RATE_LIMIT: '0' });
    app = await buildApp({ config, database, logger: loggerOptions('info', { write: (l) => lines.push(l) }) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('ne journalise ni le jeton personnel d’un partenaire, ni un cookie de session', async () => {
    const token = 'JETON-SECRET-0123456789abcdefghijklmnopqrstuv';
    await app.inject({ url: `/api/partenaire/get/one/by/${token}` });
    await app.inject({ url: `/update/partenaire/${token}?x=1` });
    await app.inject({ method: 'POST', url: '/api/partenaire/valid/infos/1', payload: { token } });
    await app.inject({ url: '/api/user/get/current', headers: { cookie: 'sid=COOKIE-SECRET-42' } });
    const log = lines.join('\n');
    expect(log).toContain('/api/partenaire/get/one/by/[jeton]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('COOKIE-SECRET-42');
  });
});
