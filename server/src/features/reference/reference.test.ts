import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';

describe(`référentiels et documentation de l’API (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

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
});

/** Every /api route the app registered (app.routeList). */
function registeredApiRoutes(t: TestApp) {
  return t.app.routeList.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
}
