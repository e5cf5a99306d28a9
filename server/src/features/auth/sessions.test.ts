import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { sessions } from '../../db/schema.ts';
import { sessionCache } from '../../platform/session-cache.ts';

/**
 * Session lifetimes, on the database's own clock: rows are dated in the past by SQL, nobody waits.
 * `created_at` carries the absolute lifetime, `last_seen_at` the idle one.
 */
async function age(t: TestApp, agentId: number, created: string, lastSeen: string) {
  await t.database.db
    .update(sessions)
    .set({
      createdAt: sql`now() - ${created}::interval`,
      lastSeenAt: sql`now() - ${lastSeen}::interval`,
    })
    .where(eq(sessions.agentId, agentId));
  // Minutes or hours go by: the process's copy of the session (a few seconds) is long gone.
  sessionCache.clear();
}

const statuts = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie } });
const rows = (t: TestApp, agentId: number) =>
  t.database.db.select().from(sessions).where(eq(sessions.agentId, agentId));

describe('durées de session par défaut', () => {
  it('30 minutes d’inactivité, 12 heures en tout ; les deux se règlent', () => {
    const defaults = loadConfig({});
    expect([defaults.sessionIdleMinutes, defaults.sessionMaxHours]).toEqual([30, 12]);
    const set = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' });
    expect([set.sessionIdleMinutes, set.sessionMaxHours]).toEqual([15, 8]);
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS doit être un nombre entier/);
  });
});

describe(`durées de vie d’une session (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('expire après 30 minutes sans activité (réglage par défaut), pas avant', async () => {
    const a = await t.agent(['ROLE_USER']);
    await age(t, a.id, '1 hour', '29 minutes');
    expect((await statuts(t, a.cookie)).statusCode).toBe(200);
    await age(t, a.id, '1 hour', '31 minutes');
    expect((await statuts(t, a.cookie)).statusCode).toBe(401);
    expect(await rows(t, a.id)).toEqual([]);
  });

  it('finit 12 heures après la connexion même si l’agent n’a jamais cessé de travailler', async () => {
    const a = await t.agent(['ROLE_USER']);
    await age(t, a.id, '11 hours 59 minutes', '1 minute');
    expect((await statuts(t, a.cookie)).statusCode).toBe(200);
    await age(t, a.id, '12 hours 1 minute', '0 seconds');
    const res = await statuts(t, a.cookie);
    expect(res.statusCode).toBe(401);
    expect(await rows(t, a.id)).toEqual([]);
    // The browser is told too: the current-user call answers 401, which leads to the login page.
    expect((await t.app.inject({ url: '/api/user/get/current', headers: { cookie: a.cookie } })).statusCode).toBe(401);
  });

  it('une nouvelle connexion efface les sessions de plus de 12 heures, même récemment utilisées', async () => {
    const old = await t.agent(['ROLE_USER']);
    await age(t, old.id, '13 hours', '1 minute');
    await t.agent(['ROLE_USER']);
    expect(await rows(t, old.id)).toEqual([]);
  });
});

describe(`durée totale réglée par SESSION_MAX_HOURS (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ SESSION_MAX_HOURS: '2', SESSION_IDLE_MINUTES: '240' });
  });
  afterAll(() => t.close());

  it('finit après 2 heures ; l’inactivité tolérée plus longue ne la prolonge pas', async () => {
    const a = await t.agent(['ROLE_USER']);
    await age(t, a.id, '1 hour 59 minutes', '1 hour');
    expect((await statuts(t, a.cookie)).statusCode).toBe(200);
    await age(t, a.id, '2 hours 1 minute', '1 minute');
    expect((await statuts(t, a.cookie)).statusCode).toBe(401);
  });
});

describe(`nom du cookie de session (${dbKind})`, () => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    https = await testApp({ PUBLIC_URL: 'https://guichet.example.fr' });
    http = await testApp();
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  const login = (t: TestApp, username: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'mot-de-passe-de-test' } });

  it('en https : __Host-sid, Secure, Path=/, sans Domain ; un cookie « sid » n’ouvre rien', async () => {
    const a = await https.agent(['ROLE_USER']);
    const res = await login(https, a.username);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/Domain/i);
    const token = res.cookies.find((c) => c.name === '__Host-sid')?.value;
    expect((await statuts(https, `__Host-sid=${token}`)).statusCode).toBe(200);
    expect((await statuts(https, `sid=${token}`)).statusCode).toBe(401);
    // Logging out clears the same cookie.
    const out = await https.app.inject({ url: '/logout', headers: { cookie: `__Host-sid=${token}` } });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-sid=; Max-Age=0; Path=\/;.*Secure/);
  });

  it('en http (développement, réseau interne) : « sid », sans Secure', async () => {
    const a = await http.agent(['ROLE_USER']);
    const setCookie = String((await login(http, a.username)).headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).not.toMatch(/Secure/);
  });
});
