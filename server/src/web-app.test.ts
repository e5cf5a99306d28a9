import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { CATEGORIES_ELEMENT_ID, FILTRES_ELEMENT_ID, PARAMS_ELEMENT_ID } from '@guichet/contract/page-data';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, testDatabase } from '../test/harness.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { params } from './db/schema.ts';
import { REFERENCE_TTL_MS } from './features/reference/reference-cache.ts';
import type { AppInstance } from './platform/app-instance.ts';

/** The JSON inside the page's params element (the web reads it with the same id). */
function inlined(html: string, id = PARAMS_ELEMENT_ID): unknown {
  const m = html.match(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`));
  if (!m) throw new Error(`pas de « ${id} » dans la page`);
  return JSON.parse(m[1]);
}

/** Once this process's copy of the reference data is old enough to be read again (reference-cache.ts). */
const afterReferenceTtl = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now() + REFERENCE_TTL_MS);

describe(`pages de l’application web : paramètres publics et préchargements écrits dans la page (${dbKind})`, () => {
  let app: AppInstance;
  let database: Database;
  let dist: string;

  beforeAll(async () => {
    // A build output in miniature: the page, and the map web/page-preloads.ts writes.
    dist = mkdtempSync(path.join(os.tmpdir(), 'guichet-dist-'));
    await mkdir(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'index.html'),
      // About the size of the real one (its description, its entry's modulepreload links): over 1 KB.
      `<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-abc.js"></script>${'<link rel="modulepreload" crossorigin href="/assets/chunk-abcdef.js">'.repeat(12)}</head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(
      path.join(dist, '.vite/page-preloads.json'),
      JSON.stringify({
        '/inscription/proprietaire': ['assets/wizard-page-abc.js'],
        '/logement/:token': ['assets/l.js'],
      }),
    );
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
    config.webDist = dist;
    app = await buildApp({ config, database, logger: false });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('GET / porte les paramètres de GET /api/params/get/all, sans autre appel', async () => {
    const api = await app.inject({ url: '/api/params/get/all' });
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(inlined(res.body)).toEqual(api.json());
    expect(api.json()).toMatchObject({ nomSite: expect.any(String), annee: expect.any(Number) });
    // The directory's reference lists too, as their endpoints answer them.
    for (const [id, url] of [
      [CATEGORIES_ELEMENT_ID, '/api/categorie/get/all'],
      [FILTRES_ELEMENT_ID, '/api/filtre/get/all'],
    ]) {
      const list = (await app.inject({ url })).json();
      expect(list.length).toBeGreaterThan(0);
      expect(inlined(res.body, id)).toEqual(list);
    }
    // Every page of the SPA is the same page, with the same params.
    const other = await app.inject({ url: '/partenaires?theme=3' });
    expect(inlined(other.body)).toEqual(api.json());
  });

  it('un paramètre modifié en base paraît dans la page au plus 5 s après ; un texte avec </script> reste une donnée', async () => {
    const nom = 'Guichet </script><script>alert(1)</script> & Cie';
    await app.inject({ url: '/' });
    await app.db.update(params).set({ valeur: nom }).where(eq(params.cle, 'nomSite'));
    afterReferenceTtl();
    const res = await app.inject({ url: '/' });
    expect(inlined(res.body)).toMatchObject({ nomSite: nom });
    expect(res.body.match(/<script/g)).toHaveLength(4); // the entry and the three data elements, nothing more
  });

  it('compressée pour qui accepte br, avec un ETag par représentation : une revisite sans changement reçoit 304', async () => {
    const plain = await app.inject({ url: '/' });
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // New params, new page: the old ETag no longer matches.
    await app.db.update(params).set({ valeur: '03 25 99 88 77' }).where(eq(params.cle, 'telephoneContact'));
    afterReferenceTtl();
    const changed = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(inlined(brotliDecompressSync(changed.rawPayload).toString())).toMatchObject({
      telephoneContact: '03 25 99 88 77',
    });
  });

  it('une page chargée à part annonce ses morceaux (modulepreload) ; l’accueil et une page inconnue, aucun', async () => {
    const wizard = await app.inject({ url: '/inscription/proprietaire' });
    expect(wizard.body).toContain('<link rel="modulepreload" crossorigin href="/assets/wizard-page-abc.js">');
    const logement = await app.inject({ url: '/logement/jeton-de-test' });
    expect(logement.body).toContain('href="/assets/l.js"');
    for (const url of ['/', '/page-inconnue']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/wizard-page|l\.js/);
      expect(inlined(res.body)).toMatchObject({ annee: expect.any(Number) });
    }
  });

  it('l’API et les fichiers absents restent des 404 JSON, sans page ; la page brute (index.html) ne sort pas sans ses données', async () => {
    for (const url of ['/api/inconnue', '/assets/absent.js', '/index.html', '/.vite/page-preloads.json']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
  });
});
