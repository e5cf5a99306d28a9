import type { SessionUser } from '@guichet/contract';

/** A session as the store finds it: its times, and its agent as it is now (null: disabled). */
export type StoredSession = { createdAt: Date; lastSeenAt: Date; user: SessionUser | null };

/**
 * Sessions found in the database, kept a few seconds in this process so an agent's burst of calls
 * (a list, its counters, the current agent) reads the session once instead of once per request.
 *
 * In this process a change is seen at once: logout, login, password change, disabling and role
 * changes forget the entries they touch (`forget`, `forgetAgent`, `clear`). Another process's
 * change is seen when the entry expires, at most `ttlMs` later (docs/security.md). A lookup that
 * started before an invalidation is not stored (`generation`): it may have read the old rows.
 * Only sessions of an active agent are kept; an unknown cookie always asks the database.
 *
 * Past half its life (`refreshAt`) an entry still serves while the plugin reads the row again in the
 * background: under load the read waits its turn behind the others, and the agent's next calls no
 * longer wait for it. The bound above stays: an entry never serves past `until`.
 */
type Entry = { session: StoredSession; agentId: number; until: number; refreshAt: number };

/** A bound on memory: far more agents than an office has, each with a few browsers. */
export const SESSION_CACHE_MAX = 10_000;

const entries = new Map<string, Entry>();
let generation = 0;

export const sessionCache = {
  /** Changes at every invalidation: a lookup that began under another generation is not kept. */
  generation: () => generation,
  get(id: string, now: number): StoredSession | undefined {
    const entry = entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now) {
      entries.delete(id);
      return undefined;
    }
    return entry.session;
  },
  /** Whether the entry is past half its life (see `refreshAt`). */
  dueForRefresh(id: string, now: number): boolean {
    const entry = entries.get(id);
    return !!entry && entry.refreshAt <= now;
  },
  /**
   * What a lookup begun under generation `since` found: kept (an active agent's session) until
   * `until`, or, gone or disabled, dropped at once. Nothing, if something was invalidated since.
   */
  set(id: string, session: StoredSession | undefined, since: number, until: number, refreshAt = until) {
    if (since !== generation) return;
    entries.delete(id);
    if (!session?.user) return;
    // The oldest entry goes first (a Map iterates in insertion order).
    if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value as string);
    entries.set(id, { session, agentId: session.user.id, until, refreshAt });
  },
  /** One session ended (logout, expiry, a new login in the same browser). */
  forget(id: string) {
    generation++;
    entries.delete(id);
  },
  /** Every session of an agent (password changed, account disabled or enabled, roles changed). */
  forgetAgent(agentId: number) {
    generation++;
    for (const [id, entry] of entries) if (entry.agentId === agentId) entries.delete(id);
  },
  /** Everything (role memberships changed, a command run on the database, a restore). */
  clear() {
    generation++;
    entries.clear();
  },
  size: () => entries.size,
};
