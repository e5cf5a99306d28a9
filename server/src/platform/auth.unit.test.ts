import cookie from '@fastify/cookie';
import type { SessionUser } from '@guichet/contract';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionStore, type StoredSession, sessionPlugin } from './auth.ts';
import { sessionCache } from './session-cache.ts';
import { hashToken } from './tokens.ts';

/** A store that counts what the plugin asks of it; each read answers after `delayMs`. */
function countingStore(row: () => StoredSession | undefined, delayMs = 20) {
  const counts = { find: 0, touch: 0 };
  const store: SessionStore = {
    async find() {
      counts.find++;
      // The row as it is when asked, answered a moment later.
      const found = row();
      await new Promise((r) => setTimeout(r, delayMs));
      return found;
    },
    async create() {},
    async touch() {
      counts.touch++;
    },
    async remove() {},
    async removeExpired() {},
  };
  return { store, counts };
}

const agent: SessionUser = {
  id: 7,
  username: 'agent',
  nom: 'Agent',
  prenom: 'Test',
  roles: ['ROLE_USER'],
  motDePasseAChanger: false,
};

async function appWith(store: SessionStore, cacheSeconds: number) {
  const app = Fastify();
  await app.register(cookie);
  await app.register(sessionPlugin, { store, idleMinutes: 30, maxHours: 12, secureCookie: false, cacheSeconds });
  app.get('/moi', async (request) => ({ user: (await request.currentUser())?.id ?? null }));
  return app;
}

describe('session : une rafale d’appels d’un agent', () => {
  afterEach(() => sessionCache.clear());

  for (const cacheSeconds of [5, 0]) {
    it(`lit la session une fois et, après une minute sans activité, l’écrit une fois (copie ${cacheSeconds} s)`, async () => {
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      const { store, counts } = countingStore(() => ({
        createdAt: twoMinutesAgo,
        lastSeenAt: twoMinutesAgo,
        user: agent,
      }));
      const app = await appWith(store, cacheSeconds);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => app.inject({ url: '/moi', headers: { cookie: 'sid=jeton-de-test' } })),
      );
      expect(answers.map((a) => a.json().user)).toEqual(Array(30).fill(7));
      expect(counts).toEqual({ find: 1, touch: 1 });
      await app.close();
    });
  }

  it('une lecture commencée avant une déconnexion n’est pas reprise par les appels qui suivent', async () => {
    let present = true;
    const now = new Date();
    const { store, counts } = countingStore(() =>
      present ? { createdAt: now, lastSeenAt: now, user: agent } : undefined,
    );
    const app = await appWith(store, 5);
    const before = app.inject({ url: '/moi', headers: { cookie: 'sid=jeton-de-test' } });
    // Its lookup has begun: the store was asked.
    await vi.waitFor(() => expect(counts.find).toBe(1));
    // The session ends meanwhile (another tab logs out): the row is gone.
    present = false;
    sessionCache.forget(hashToken('jeton-de-test'));
    const after = await app.inject({ url: '/moi', headers: { cookie: 'sid=jeton-de-test' } });
    expect(after.json().user).toBeNull();
    expect((await before).json().user).toBe(7);
    expect(counts.find).toBe(2);
    await app.close();
  });
});

describe('session : la copie relue à mi-vie', () => {
  afterEach(() => {
    sessionCache.clear();
    vi.restoreAllMocks();
  });
  const call = (app: Awaited<ReturnType<typeof appWith>>) =>
    app.inject({ url: '/moi', headers: { cookie: 'sid=jeton-de-test' } }).then((r) => r.json().user);

  it('sert encore pendant que la base la relit : aucun appel n’attend cette lecture, la copie repart pour 5 s', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const now = new Date(start);
    let held: Promise<void> | undefined;
    let release = () => {};
    const { store, counts } = countingStore(() => ({ createdAt: now, lastSeenAt: now, user: agent }), 1);
    const find = store.find;
    store.find = async (id) => {
      await held;
      return find(id);
    };
    const app = await appWith(store, 5);
    expect(await call(app)).toBe(7);
    expect(counts.find).toBe(1);
    // Past half its life: the next read is held (a busy database), the calls still answer at once.
    held = new Promise((r) => (release = r));
    clock.mockReturnValue(start + 3_000);
    expect(await call(app)).toBe(7);
    expect(await call(app)).toBe(7);
    expect(counts.find).toBe(1); // the background read waits its turn, one for both calls
    release();
    await vi.waitFor(() => expect(counts.find).toBe(2));
    // The row read at 3 s is kept: not due for another read before 5.5 s.
    await vi.waitFor(() => expect(sessionCache.dueForRefresh(hashToken('jeton-de-test'), start + 3_000)).toBe(false));
    // The first copy ended at 5 s; the one read at 3 s serves until 8 s without a read.
    clock.mockReturnValue(start + 5_200);
    expect(await call(app)).toBe(7);
    expect(counts.find).toBe(2);
    await app.close();
  });

  it('une session fermée ailleurs, vue à la relecture, est oubliée aussitôt', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const now = new Date(start);
    let present = true;
    const { store, counts } = countingStore(
      () => (present ? { createdAt: now, lastSeenAt: now, user: agent } : undefined),
      1,
    );
    const app = await appWith(store, 5);
    expect(await call(app)).toBe(7);
    // Another process ends the session; this one's copy is past half its life.
    present = false;
    clock.mockReturnValue(start + 3_000);
    expect(await call(app)).toBe(7); // the copy, while the row is read again
    await vi.waitFor(() => expect(counts.find).toBe(2));
    // The read answered « gone »: the copy is dropped.
    await vi.waitFor(() => expect(sessionCache.get(hashToken('jeton-de-test'), start + 3_000)).toBeUndefined());
    expect(await call(app)).toBeNull(); // at 3 s, not at 5
    await app.close();
  });
});
