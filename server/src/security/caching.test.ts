import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../test/harness.ts';
import { onPgliteOnly } from '../../test/statements.ts';
import { uploadedLogo } from '../features/partenaires/partenaires.fixtures.ts';

onPgliteOnly('en-têtes de cache : ce qui est vérifié est dans les réponses HTTP, pas dans la base');

/** Staff answers and session calls are never kept by a browser or a proxy (ASVS 8.2.1). */
describe(`en-têtes de cache (${dbKind})`, () => {
  let t: TestApp;
  let user: string;
  let roleManager: string;
  beforeAll(async () => {
    t = await testApp();
    user = (await t.agent(['ROLE_USER'], 'cache.agent')).cookie;
    roleManager = (await t.agent(['ROLE_ADMIN_ROLE'])).cookie;
  });
  afterAll(() => t.close());
  const cacheOf = async (url: string, cookie?: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    (await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload })).headers['cache-control'];

  it('no-store sur chaque réponse /api/admin : 200, 401, 403, 404, export', async () => {
    expect(await cacheOf('/api/admin/inscriptions/get/list/by/filters?page=0&rowsPerPage=10', user)).toBe('no-store');
    expect(await cacheOf('/api/admin/partenaire/get/1', user)).toBe('no-store');
    expect(await cacheOf('/api/admin/inscriptions/get/list/by/filters')).toBe('no-store');
    expect(await cacheOf('/api/admin/inscriptions/get/list/by/filters', roleManager)).toBe('no-store');
    expect(await cacheOf('/api/admin/etudiants/export', user)).toBe('no-store');
    expect(await cacheOf('/api/admin/statut/get/all', user)).toBe('no-store');
  });

  it('no-store sur la connexion (réussie ou non), l’agent courant et la déconnexion', async () => {
    const login = { username: 'cache.agent', password: 'mot-de-passe-de-test' };
    expect(await cacheOf('/api/login', undefined, 'POST', login)).toBe('no-store');
    expect(await cacheOf('/api/login', undefined, 'POST', { ...login, password: 'faux' })).toBe('no-store');
    expect(await cacheOf('/api/user/get/current', user)).toBe('no-store');
    expect(await cacheOf('/logout', user)).toBe('no-store');
  });

  it('les logos et l’annuaire public gardent leur propre politique de cache', async () => {
    const logo = await uploadedLogo(t.app);
    expect(await cacheOf(`/api/file/download/${logo}`)).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/api/partenaire/get/valid')).toBe('public, max-age=10');
  });
});
