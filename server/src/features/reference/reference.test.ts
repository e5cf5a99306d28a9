import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { agents } from '../../db/schema.ts';
import { referenceRepository } from './reference.repository.ts';
import { params } from './reference.tables.ts';
import { REFERENCE_TTL_MS } from './reference-cache.ts';

onPgliteOnly('référentiels et documentation : lectures que les écrans des autres fichiers font aussi');

describe(`référentiels et documentation de l’API (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('donne les paramètres généraux avec l’année universitaire en cours, à l’heure de Paris', async () => {
    // The clock is fixed around the 1st of September in Paris (still August in UTC): the answer
    // does not depend on the day the test runs, nor on the machine's time zone.
    const at = async (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
      try {
        return (await t.app.inject({ url: '/api/params/get/all' })).json();
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await at('2026-08-31T21:30:00Z')).toMatchObject({ nomSite: 'Guichet numérique étudiant', annee: 2025 });
    expect(await at('2026-08-31T22:30:00Z')).toMatchObject({ nomSite: 'Guichet numérique étudiant', annee: 2026 });
    expect(await at('2027-01-15T12:00:00Z')).toMatchObject({ annee: 2026 });
  });

  it('donne les dix filtres thématiques et les catégories semées', async () => {
    const filtres = (await t.app.inject({ url: '/api/filtre/get/all' })).json();
    expect(filtres.map((f: { id: number }) => f.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(filtres[7]).toEqual({ id: 8, libelle: 'Trouver un job ou un stage', tag: 'Trouver un job ou un stage' });
    const categories = (await t.app.inject({ url: '/api/categorie/get/all' })).json();
    expect(categories).toHaveLength(10);
    expect(categories.map((c: { libelle: string }) => c.libelle)).toContain('Santé et social');
  });

  it('décrit chaque route de l’API dans le document OpenAPI', async () => {
    const { cookie } = await t.agent(['ROLE_ADMIN']);
    const doc = (await t.app.inject({ url: '/api/docs/json', headers: { cookie } })).json() as {
      paths: Record<string, object>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const missing: string[] = [];
    const routes = registeredApiRoutes(t);
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const openapiPath = r.url.replace(/:(\w+)/g, '{$1}');
      if (!documented.has(`${r.method} ${openapiPath}`)) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    expect((await t.app.inject({ url: '/api/docs', headers: { cookie } })).statusCode).toBeLessThan(400);
  });

  const DOCS = [
    '/api/docs',
    '/api/docs/',
    '/api/docs/json',
    '/api/docs/yaml',
    '/api/docs/static/index.html',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/swagger-ui-bundle.js',
  ];

  it('ne montre la documentation de l’API qu’aux administrateurs : 401 anonyme, 403 pour tout autre agent ou un mot de passe à changer', async () => {
    for (const url of DOCS) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('openapi');
    }
    const changing = await t.agent(['ROLE_ADMIN']);
    await t.database.db.update(agents).set({ motDePasseAChanger: true }).where(eq(agents.id, changing.id));
    const refused = [
      ['sans rôle', (await t.agent([])).cookie],
      ['ROLE_USER', (await t.agent(['ROLE_USER'])).cookie],
      ['ROLE_ADMIN_ROLE', (await t.agent(['ROLE_ADMIN_ROLE'])).cookie],
      ['administrateur au mot de passe à changer', changing.cookie],
    ];
    for (const [who, cookie] of refused) {
      for (const url of DOCS) {
        const res = await t.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.body).not.toMatch(/openapi|swagger/i);
      }
    }
    const { cookie } = await t.agent(['ROLE_ADMIN']);
    for (const url of DOCS) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBeLessThan(400);
    }
  });

  it('garde la politique de sécurité du portail sur les pages de la documentation, servie par le portail seul', async () => {
    const { cookie } = await t.agent(['ROLE_ADMIN']);
    const portal = (await t.app.inject({ url: '/api/params/get/all' })).headers['content-security-policy'];
    expect(portal).toContain("frame-ancestors 'none'");
    for (const url of DOCS) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.headers['content-security-policy'], url).toBe(portal);
    }
    // Every script of the page is a file of the portal (the CSP allows no inline script).
    const page = (await t.app.inject({ url: '/api/docs/', headers: { cookie } })).body;
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)?.[1] ?? '';
      expect(src).toMatch(/^\.\/static\//);
      const file = await t.app.inject({ url: `/api/docs/${src.slice(2)}`, headers: { cookie } });
      expect(file.statusCode, src).toBe(200);
    }
    expect(page).not.toMatch(/https?:\/\//);
    // No online validator: its badge would be an image from another host.
    const init = (await t.app.inject({ url: '/api/docs/static/swagger-initializer.js', headers: { cookie } })).body;
    expect(init).toContain('validatorUrl: null');
  });

  it('un paramètre changé en base par un exploitant paraît au plus 5 s après ; vingt appels ensemble lisent la base une fois', async () => {
    const nom = async () => (await t.app.inject({ url: '/api/params/get/all' })).json().nomSite;
    const before = await nom();
    await t.database.db.update(params).set({ valeur: 'Guichet renommé' }).where(eq(params.cle, 'nomSite'));
    // This process's copy still serves, for REFERENCE_TTL_MS at most…
    expect(await nom()).toBe(before);
    // …then the database is read again, once for all who ask together.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + REFERENCE_TTL_MS);
    const read = vi.spyOn(referenceRepository, 'params');
    const answers = await Promise.all(Array.from({ length: 20 }, nom));
    expect(answers).toEqual(Array(20).fill('Guichet renommé'));
    expect(read).toHaveBeenCalledTimes(1);
    await t.database.db.update(params).set({ valeur: before }).where(eq(params.cle, 'nomSite'));
  });
});

/** Every /api route the app registered (app.routeList). */
function registeredApiRoutes(t: TestApp) {
  return t.app.routeList.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
}
