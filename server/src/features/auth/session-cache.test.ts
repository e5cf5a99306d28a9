import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { runUserCommand } from '../../cli/user-commands.ts';
import { roles, sessions } from '../../db/schema.ts';

/**
 * The session code reads the time with Date.now(): faking Date alone moves its clock, while the
 * database's timers and sockets keep running for real.
 */
const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A process keeps the sessions it read for SESSION_CACHE_SECONDS (platform/session-cache.ts):
 * what this process changes applies at the next request, what another process changes at most
 * that long after (docs/security.md, « Sessions »).
 */
const PASSWORD = 'mot-de-passe-de-test';
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : '';
};

describe(`sessions gardées quelques secondes par le processus (${dbKind})`, () => {
  let t: TestApp;
  const roleId: Record<string, number> = {};
  beforeAll(async () => {
    t = await testApp({ SESSION_CACHE_SECONDS: '2' });
    for (const r of await t.database.db.select().from(roles)) roleId[r.code] = r.id;
  });
  afterAll(() => t.close());

  const statuts = (cookie: string) =>
    t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie } }).then((r) => r.statusCode);
  const inscriptions = (cookie: string) =>
    t.app.inject({ url: '/api/admin/inscriptions/get/list/by/filters', headers: { cookie } }).then((r) => r.statusCode);
  const login = (username: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  it('une session fermée par un autre processus (sa ligne supprimée) ne sert plus au bout de 2 s au plus', async () => {
    const a = await t.agent(['ROLE_USER']);
    freezeClock();
    expect(await statuts(a.cookie)).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.agentId, a.id));
    // This process still trusts the session it read a moment ago…
    expect(await statuts(a.cookie)).toBe(200);
    vi.advanceTimersByTime(999);
    expect(await statuts(a.cookie)).toBe(200);
    // …until its copy expires, 2 s after it was read: then the database says no.
    vi.advanceTimersByTime(1001);
    expect(await statuts(a.cookie)).toBe(401);
  });

  it('la déconnexion vaut à l’instant, même pour une session lue juste avant', async () => {
    const a = await t.agent(['ROLE_USER']);
    expect(await statuts(a.cookie)).toBe(200);
    const out = await t.app.inject({ url: '/logout', headers: { cookie: a.cookie } });
    expect(out.statusCode).toBe(302);
    expect(await statuts(a.cookie)).toBe(401);
  });

  it('un nouveau mot de passe ferme à l’instant les autres sessions de l’agent ; la sienne continue', async () => {
    const a = await t.agent(['ROLE_USER']);
    const other = cookieOf(await login(a.username));
    expect([await statuts(a.cookie), await statuts(other)]).toEqual([200, 200]);
    const nouveau = 'un-nouveau-mot-de-passe';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/compte/mot-de-passe',
      headers: { cookie: a.cookie },
      payload: { actuel: PASSWORD, nouveau, confirmation: nouveau },
    });
    expect(res.statusCode).toBe(200);
    expect(await statuts(other)).toBe(401);
    expect(await statuts(a.cookie)).toBe(401);
    expect(await statuts(cookieOf(res))).toBe(200);
  });

  it('un agent désactivé (npm run user -- disable, par le portail) perd l’accès à l’instant ; réactivé, il se reconnecte', async () => {
    const a = await t.agent(['ROLE_USER']);
    const other = cookieOf(await login(a.username));
    expect([await inscriptions(a.cookie), await inscriptions(other)]).toEqual([200, 200]);
    await runUserCommand(t.database.db, { command: 'disable', username: a.username });
    expect([await inscriptions(a.cookie), await inscriptions(other)]).toEqual([401, 401]);
    expect((await login(a.username)).statusCode).toBe(400);
    await runUserCommand(t.database.db, { command: 'enable', username: a.username });
    const again = cookieOf(await login(a.username));
    expect(await inscriptions(again)).toBe(200);
  });

  it('un rôle retiré puis rendu par un administrateur vaut à la requête suivante de l’agent', async () => {
    const admin = await t.agent(['ROLE_ADMIN']);
    const a = await t.agent(['ROLE_USER']);
    expect(await inscriptions(a.cookie)).toBe(200);
    const members = async () =>
      (
        (
          await t.app.inject({ url: `/api/admin/role/get/${roleId.ROLE_USER}`, headers: { cookie: admin.cookie } })
        ).json().agents as { id: number }[]
      ).map((x) => x.id);
    const setMembers = (ids: number[]) =>
      t.app
        .inject({
          method: 'PUT',
          url: `/api/admin/role/update/${roleId.ROLE_USER}`,
          headers: { cookie: admin.cookie },
          payload: { agents: ids },
        })
        .then((r) => r.statusCode);
    const before = await members();
    expect(await setMembers(before.filter((id) => id !== a.id))).toBe(200);
    expect(await inscriptions(a.cookie)).toBe(403);
    // Still logged in: the screens open to any agent answer.
    expect(await statuts(a.cookie)).toBe(200);
    expect(await setMembers(before)).toBe(200);
    expect(await inscriptions(a.cookie)).toBe(200);
  });
});

describe(`une session gardée par le processus reste bornée à 12 heures (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A copy kept a full minute, so the end of the 12 hours falls while it is kept.
    t = await testApp({ SESSION_CACHE_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('finit à 12 heures pile, même lue et gardée juste avant', async () => {
    const a = await t.agent(['ROLE_USER']);
    freezeClock();
    const now = Date.now();
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(now - 12 * 3_600_000 + 2000), lastSeenAt: new Date(now) })
      .where(eq(sessions.agentId, a.id));
    const statuts = () =>
      t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: a.cookie } }).then((r) => r.statusCode);
    expect(await statuts()).toBe(200);
    vi.advanceTimersByTime(2000);
    expect(await statuts()).toBe(200);
    vi.advanceTimersByTime(1);
    expect(await statuts()).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.agentId, a.id))).toEqual([]);
  });
});
