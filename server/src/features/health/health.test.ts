import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppInstance } from '../../platform/app-instance.ts';

onPgliteOnly('santé du portail : une lecture triviale de la base');

const config = () => loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent' });

describe(`GET /api/health (${dbKind})`, () => {
  let app: AppInstance;
  let database: Database;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    app = await buildApp({
      config: config(),
      database,
      logger: loggerOptions('info', { write: (l) => lines.push(l) }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('répond 200 {status:"ok"} sans session, jamais mis en cache', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('n’est pas limité en fréquence et ne remplit pas le journal à chaque sonde', async () => {
    lines.length = 0;
    for (let i = 0; i < 60; i++) expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    // The same logger does write a line for an ordinary request.
    await app.inject({ url: '/api/params/get/all' });
    expect(lines.some((l) => l.includes('/api/params/get/all'))).toBe(true);
  });

  it('répond 503 {status:"error"} quand la base ne répond plus, et le journalise', async () => {
    const down = await testDatabase();
    const downLines: string[] = [];
    const other = await buildApp({
      config: config(),
      database: down,
      logger: loggerOptions('info', { write: (l) => downLines.push(l) }),
    });
    await other.ready();
    await down.close();
    try {
      const res = await other.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(downLines.some((l) => JSON.parse(l).level === 40)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
