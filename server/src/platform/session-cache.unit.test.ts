import { afterEach, describe, expect, it } from 'vitest';
import type { StoredSession } from './session-cache.ts';
import { SESSION_CACHE_MAX, sessionCache } from './session-cache.ts';

const session = (agentId: number): StoredSession => ({
  createdAt: new Date(),
  lastSeenAt: new Date(),
  user: { id: agentId, username: `a${agentId}`, prenom: 'Lou', nom: 'Martin', roles: [], motDePasseAChanger: false },
});

describe('copie des sessions du processus', () => {
  afterEach(() => sessionCache.clear());

  it('garde une session jusqu’à son échéance, pas au-delà', () => {
    sessionCache.set('s1', session(1), sessionCache.generation(), 1_000);
    expect(sessionCache.get('s1', 999)?.user?.id).toBe(1);
    expect(sessionCache.get('s1', 1_000)).toBeUndefined();
  });

  it('ne garde pas une lecture commencée avant un oubli (elle a pu lire les anciennes lignes)', () => {
    const since = sessionCache.generation();
    sessionCache.forgetAgent(2);
    sessionCache.set('s2', session(2), since, Number.MAX_SAFE_INTEGER);
    expect(sessionCache.get('s2', 0)).toBeUndefined();
  });

  it('oublie toutes les sessions d’un agent, et seulement les siennes', () => {
    const now = sessionCache.generation();
    sessionCache.set('a', session(3), now, 10);
    sessionCache.set('b', session(3), now, 10);
    sessionCache.set('c', session(4), now, 10);
    sessionCache.forgetAgent(3);
    expect([sessionCache.get('a', 0), sessionCache.get('b', 0), sessionCache.get('c', 0)?.user?.id]).toEqual([
      undefined,
      undefined,
      4,
    ]);
  });

  it('ne garde pas une session sans agent actif', () => {
    sessionCache.set('d', { ...session(5), user: null }, sessionCache.generation(), 10);
    expect(sessionCache.get('d', 0)).toBeUndefined();
  });

  it('reste bornée : au-delà de la limite, la plus ancienne part', () => {
    const now = sessionCache.generation();
    for (let i = 0; i <= SESSION_CACHE_MAX; i++) sessionCache.set(`k${i}`, session(i), now, 10);
    expect(sessionCache.size()).toBe(SESSION_CACHE_MAX);
    expect(sessionCache.get('k0', 0)).toBeUndefined();
    expect(sessionCache.get(`k${SESSION_CACHE_MAX}`, 0)?.user?.id).toBe(SESSION_CACHE_MAX);
  });
});
