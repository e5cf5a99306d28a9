import { MESSAGES } from '@guichet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { sessionCache } from '../../platform/session-cache.ts';

describe(`session et connexion (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('refuse un mauvais mot de passe avec un 400 et le message français', async () => {
    await t.agent(['ROLE_USER'], 'claire');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'claire', password: 'faux' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ logged: false, error: MESSAGES.identifiantsIncorrects });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('ouvre une session HttpOnly SameSite=Lax et expose l’utilisateur courant', async () => {
    const a = await t.agent(['ROLE_ADMIN']);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/get/current', headers: { cookie: a.cookie } });
    expect(res.json()).toMatchObject({ logged: true, user: { id: a.id, username: a.username, roles: ['ROLE_ADMIN'] } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.username, password: 'mot-de-passe-de-test' },
    });
    expect(login.json()).toMatchObject({ logged: true, path: '/admin', user: { roles: ['ROLE_ADMIN'] } });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(login.body).not.toMatch(/password|hash/i);
  });

  it('change d’identifiant de session à chaque connexion et invalide l’ancien', async () => {
    const a = await t.agent(['ROLE_USER']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: a.cookie },
      payload: { username: a.username, password: 'mot-de-passe-de-test' },
    });
    const fresh = `sid=${again.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(fresh).not.toBe(a.cookie);
    const old = await t.app.inject({ method: 'GET', url: '/api/user/get/current', headers: { cookie: a.cookie } });
    expect(old.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/get/current' });
    expect(anonymous.json()).toEqual({ logged: false, user: null });
  });

  it('déconnecte via /logout et redirige vers la page de connexion', async () => {
    const a = await t.agent(['ROLE_USER']);
    const res = await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/statut/get/all',
      headers: { cookie: a.cookie },
    });
    expect(after.statusCode).toBe(401);
    const denied = await t.app.inject({ method: 'GET', url: '/logout?refus=1' });
    expect(denied.headers.location).toBe('/admin/login?refus=1');
  });

  it('bloque après cinq échecs sur un même identifiant, même avec le bon mot de passe', async () => {
    const a = await t.agent(['ROLE_USER']);
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: 'faux' } });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.username, password: 'mot-de-passe-de-test' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ logged: false, error: MESSAGES.tropDeTentatives });
  });

  it('bloque une adresse qui essaie de nombreux identifiants', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username: `inconnu${i}`, password: 'x' },
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username: 'autre', password: 'x' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(MESSAGES.tropDeTentatives);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'autre', password: 'x' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('exige identifiant et mot de passe', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual(['password', 'username']);
  });

  it('refuse une écriture venant d’un autre site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://attaquant.example' },
      payload: { username: 'x', password: 'y' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe(`garde des routes d’administration (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('401 sans session, 200 pour tout agent connecté sur la liste des statuts', async () => {
    expect((await t.app.inject({ url: '/api/admin/statut/get/all' })).statusCode).toBe(401);
    const a = await t.agent([]);
    const res = await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, libelle: 'En attente' },
      { id: 2, libelle: 'Validé' },
      { id: 3, libelle: 'Refusé' },
      { id: 4, libelle: 'Archivé' },
    ]);
  });

  it('une session inactive plus longtemps que SESSION_IDLE_MINUTES expire et sa ligne disparaît', async () => {
    const a = await t.agent(['ROLE_ADMIN']);
    const { sessions } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const ok = await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: a.cookie } });
    expect(ok.statusCode).toBe(200);
    const idle = new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: idle }).where(eq(sessions.agentId, a.id));
    // That much time has passed: the process's copy of the session (a few seconds) is long gone.
    sessionCache.clear();
    const res = await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.agentId, a.id))).toEqual([]);
  });

  it('un agent désactivé perd sa session au prochain appel', async () => {
    const a = await t.agent(['ROLE_ADMIN']);
    const { agents } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(agents).set({ actif: false }).where(eq(agents.id, a.id));
    const res = await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe(`cookie de session derrière HTTPS (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_URL: 'https://guichet.example.fr' });
  });
  afterAll(() => t.close());

  it('pose le drapeau Secure quand PUBLIC_URL est en https', async () => {
    const a = await t.agent(['ROLE_USER']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.username, password: 'mot-de-passe-de-test' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
