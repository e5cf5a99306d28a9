import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { PartenairePublic } from '@guichet/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, testDatabase } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { directoryCache } from './directory-cache.ts';
import { partenairesRepository } from './partenaires.repository.ts';

onPgliteOnly('annuaire rejoué à la porte HTTP : la lecture de l’annuaire est celle des tests des partenaires');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET over a real connection: the door is in the HTTP server, `inject` would not reach it. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
const withoutDate = ({ date: _, ...headers }: http.IncomingHttpHeaders) => headers;

const partenaire = (id: number): PartenairePublic => ({
  id,
  nom: `Partenaire ${id}`,
  lien: `https://p${id}.exemple.fr`,
  lienOffres: '',
  presentation: 'Aide aux étudiants pour le logement et la vie quotidienne. '.repeat(4),
  logo: '',
  idCategorie: 1,
});

describe(`annuaire public : réponses rejouées à la porte (${dbKind})`, () => {
  const lines: string[] = [];
  let app: AppInstance;
  let database: Database;
  let base: string;
  let list: PartenairePublic[];
  beforeAll(async () => {
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', PUBLIC_FORM_RATE_LIMIT: '0' });
    app = await buildApp({ config, database, logger: loggerOptions('info', { write: (l) => lines.push(l) }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  afterEach(() => vi.restoreAllMocks());

  /** The directory's read returns `list` (big enough to be compressed), and its cache starts empty. */
  function directory(size: number) {
    list = Array.from({ length: size }, (_, i) => partenaire(i + 1));
    vi.spyOn(partenairesRepository, 'publicList').mockImplementation(async () => list);
    directoryCache.clear(app.db);
    return vi.spyOn(directoryCache, 'get');
  }

  it('le visiteur suivant reçoit la même réponse sans passer par la route : en-têtes, octets, une ligne de journal chacun', async () => {
    const route = directory(3);
    lines.length = 0;
    const path = '/api/partenaire/get/valid?filtres[]=3';
    const first = await get(base, path);
    const second = await get(base, path);
    const third = await get(base, path);
    expect(route).toHaveBeenCalledTimes(1);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString())).toEqual(list);
    for (const next of [second, third]) {
      expect(next.status).toBe(200);
      expect(withoutDate(next.headers)).toEqual(withoutDate(first.headers));
      expect(next.body.equals(first.body)).toBe(true);
    }
    // The security headers and cache rules the framework sent are among them.
    expect(second.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=10',
      etag: first.headers.etag,
    });
    const logged = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'request completed');
    expect(logged).toHaveLength(3);
    for (const e of logged)
      expect(e).toMatchObject({
        req: { method: 'GET', url: '/api/partenaire/get/valid', ip: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        reqId: expect.stringMatching(/^req-/),
      });
    expect(new Set(logged.map((e) => e.reqId)).size).toBe(3);
    // The door writes pino's line itself: the same fields, in the same order, as the route's.
    expect(Object.keys(logged[1])).toEqual(Object.keys(logged[0]));
    expect(Object.keys(logged[2])).toEqual(Object.keys(logged[0]));
    for (const key of ['level', 'pid', 'hostname', 'msg']) expect(logged[1][key]).toBe(logged[0][key]);
    expect(Math.abs(logged[1].time - Date.now())).toBeLessThan(60_000);
  });

  it('chaque encodage accepté a sa réponse : brotli à qui l’accepte, du JSON lisible aux autres', async () => {
    const route = directory(200);
    const path = '/api/partenaire/get/valid';
    const br = await get(base, path, { 'accept-encoding': 'br' });
    const brAgain = await get(base, path, { 'accept-encoding': 'br' });
    const plain = await get(base, path);
    const plainAgain = await get(base, path);
    expect(route).toHaveBeenCalledTimes(2);
    for (const a of [br, brAgain]) {
      expect(a.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(a.body).toString())).toEqual(list);
    }
    for (const a of [plain, plainAgain]) {
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(a.body.toString())).toEqual(list);
    }
  });

  it('après les 10 s du cache, la visite suivante passe de nouveau par la route', async () => {
    const route = directory(2);
    const path = '/api/partenaire/get/valid?filtres[]=7';
    await get(base, path);
    await get(base, path);
    expect(route).toHaveBeenCalledTimes(1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    try {
      await get(base, path);
      expect(route).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('une publication se voit à la visite suivante, et une requête conditionnelle reçoit toujours son 304', async () => {
    directory(2);
    const path = '/api/partenaire/get/valid?filtres[]=5';
    const before = await get(base, path);
    await get(base, path);
    // What a write does (partenaires.service.ts): the cache is cleared, the list read again.
    list = [partenaire(9)];
    directoryCache.clear(app.db);
    const after = await get(base, path);
    expect(JSON.parse(after.body.toString())).toEqual(list);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(base, path, { 'if-none-match': String(after.headers.etag) })).status).toBe(304);
  });
});

describe(`annuaire public : l’adresse d’un visiteur servi à la porte, derrière un mandataire (${dbKind})`, () => {
  it('journalise l’adresse que nomme le mandataire de confiance, comme `request.ip`', async () => {
    const lines: string[] = [];
    const database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', TRUST_PROXY: '127.0.0.1' });
    const app = await buildApp({ config, database, logger: loggerOptions('info', { write: (l) => lines.push(l) }) });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const route = vi.spyOn(directoryCache, 'get');
      for (const visitor of ['203.0.113.7', '198.51.100.2'])
        expect((await get(base, '/api/partenaire/get/valid', { 'x-forwarded-for': visitor })).status).toBe(200);
      expect(route).toHaveBeenCalledTimes(1);
      const ips = lines.map((l) => JSON.parse(l)).flatMap((e) => (e.msg === 'request completed' ? [e.req.ip] : []));
      expect(ips).toEqual(['203.0.113.7', '198.51.100.2']);
    } finally {
      vi.restoreAllMocks();
      await app.close();
      await database.close();
    }
  });
});
