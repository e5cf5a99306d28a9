import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { referenceRepository } from './reference.repository.ts';
import { params } from './reference.tables.ts';
import { REFERENCE_TTL_MS } from './reference-cache.ts';

describe(`référentiels et documentation de l’API (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('donne les paramètres généraux avec l’année universitaire en cours', async () => {
    const res = await t.app.inject({ url: '/api/params/get/all' });
    const now = new Date();
    expect(res.json()).toMatchObject({
      nomSite: 'Guichet numérique étudiant',
      annee: now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1,
    });
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
    const { cookie } = await t.agent([]);
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

  it('ne montre la documentation de l’API qu’aux agents connectés (401 sinon)', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('openapi');
    }
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
