import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/precompress.ts';
import { dbKind, type TestApp, testApp, testDatabase } from '../test/harness.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { partenaires } from './db/schema.ts';
import { uploadedLogo, validPartenaire } from './features/partenaires/partenaires.fixtures.ts';
import type { AppInstance } from './platform/app-instance.ts';

const BR_GZIP = { 'accept-encoding': 'br, gzip' };
const decode = (body: Buffer, encoding: unknown) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe(`compression : application web précompressée (${dbKind})`, () => {
  let app: AppInstance;
  let database: Database;
  let dist: string;
  // Text that compresses like a bundle does, well above the 1 KB threshold.
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const libelle${i} = "Guichet numérique étudiant ${i}";\n`).join(''),
  );
  const page = Buffer.from(
    `<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`,
  );

  beforeAll(async () => {
    // A build output in miniature, compressed by the same function as the Vite build.
    dist = mkdtempSync(path.join(os.tmpdir(), 'guichet-dist-'));
    await mkdir(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets/petit-abc123.js'), 'export const a = 1;\n');
    await precompressDir(dist);
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
    config.webDist = dist;
    app = await buildApp({ config, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sert la copie brotli d’un fichier à qui accepte br : en-têtes, cache long, mêmes octets une fois décompressée', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: BR_GZIP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('sert la copie gzip à qui n’accepte que gzip, le fichier brut à qui n’annonce rien', async () => {
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const raw = await app.inject({ url: '/assets/index-abc123.js' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(String(raw.headers.vary)).toMatch(/accept-encoding/i);
    expect(raw.rawPayload.equals(script)).toBe(true);
  });

  it('un petit fichier sans copie compressée part brut, même à qui accepte br (pas de compression à chaque requête)', async () => {
    const res = await app.inject({ url: '/assets/petit-abc123.js', headers: BR_GZIP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export const a = 1;\n');
  });

  it('la page (index.html) est compressée aussi, et reste à revalider (no-cache)', async () => {
    for (const url of ['/', '/annuaire']) {
      const res = await app.inject({ url, headers: BR_GZIP });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The built page with the public params written in (platform/web-app.ts, web-app.test.ts).
      const sent = brotliDecompressSync(res.rawPayload).toString();
      expect(sent).toBe((await app.inject({ url })).body);
      expect(sent.replace(/<script type="application\/json" id="\w+">[^<]*<\/script>/g, '')).toBe(page.toString());
    }
  });
});

describe(`compression : réponses de l’API (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_USER'])).cookie;
    // Enough validated, active partners for the directory and the staff list to pass 1 KB.
    for (let i = 0; i < 12; i++) {
      const fields = validPartenaire('0123456789abcdef0123456789abcdef.png', { nom: `Partenaire ${i}` });
      await t.app.db.insert(partenaires).values({
        ...(fields as Required<typeof fields> & { civiliteR: string }),
        nom: `Partenaire ${i}`,
        statutId: 2,
        actif: true,
      });
    }
  });
  afterAll(() => t.close());

  it('compresse un JSON de plus de 1 Ko (liste d’administration), pas un plus petit', async () => {
    const url = '/api/admin/partenaires/get/list/by/filters?rowsPerPage=20&page=0';
    const plain = await t.app.inject({ url, headers: { cookie } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ url, headers: { cookie, 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload, encoding).toString())).toEqual(plain.json());
    }

    const small = await t.app.inject({ url: '/api/health', headers: BR_GZIP });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('l’annuaire public part compressé depuis son cache, avec un ETag par représentation', async () => {
    const url = '/api/partenaire/get/valid';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(12);
    const br = await t.app.inject({ url, headers: BR_GZIP });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    // Revalidation matches the representation asked for.
    const again = await t.app.inject({ url, headers: { ...BR_GZIP, 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject({ url, headers: { 'if-none-match': String(br.headers.etag) } });
    expect(other.statusCode).toBe(200);
  });

  it('un export CSV reste un flux : compressé au fil de l’eau, les mêmes octets une fois décompressé', async () => {
    const url = '/api/admin/partenaire/export';
    const plain = await t.app.inject({ url, headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const lines = plain.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect([...plain.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toHaveLength(1 + 12 + 1);
    expect(lines.filter((l) => l.includes('Partenaire '))).toHaveLength(12);
    const res = await t.app.inject({ url, headers: { cookie, ...BR_GZIP } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(res.headers['content-encoding']).toBe('br');
    // Sent in chunks as the rows come, never buffered to learn its length.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('un logo (image déjà compressée) n’est pas recompressé', async () => {
    const file = await uploadedLogo(t.app);
    const res = await t.app.inject({ url: `/api/file/download/${file}`, headers: BR_GZIP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
