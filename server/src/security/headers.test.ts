import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/harness.ts';
import { onPgliteOnly } from '../../test/statements.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AppInstance } from '../platform/app-instance.ts';

onPgliteOnly('en-têtes de sécurité : ce qui est vérifié est dans les réponses HTTP, pas dans la base');

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

describe(`en-têtes de sécurité (${dbKind})`, () => {
  let app: AppInstance;
  let database: Database;
  beforeAll(async () => {
    if (!existsSync(`${webDist}/index.html`))
      throw new Error('web/dist absent : npm test construit l’application avant les tests.');
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
    config.webDist = webDist;
    app = await buildApp({ config, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expectCommon = (h: Record<string, unknown>) => {
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['x-powered-by']).toBeUndefined();
  };

  it('sert les pages avec une CSP stricte, sans script en ligne', async () => {
    const res = await app.inject({ url: '/inscription/proprietaire' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expectCommon(res.headers);
    // The built page itself carries no inline script the CSP would have to allow: the public
    // params it holds are data (type="application/json"), which the browser never runs.
    expect(res.body).not.toMatch(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/);
    expect(res.body).toMatch(/<script type="application\/json" id="params">\{/);
  });

  it('met les mêmes en-têtes sur les réponses de l’API, et une erreur ne dit rien des internes', async () => {
    const res = await app.inject({ url: '/api/params/get/all' });
    expectCommon(res.headers);
    const missing = await app.inject({ url: '/api/nexiste/pas' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', message: 'Ressource introuvable.', errors: [] });
  });

  it('sert les fichiers construits avec un cache long, la page avec no-cache', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = page.body.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await app.inject({ url: asset as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
