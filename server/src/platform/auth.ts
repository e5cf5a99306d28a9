import { ACCESS, MESSAGES, MOT_DE_PASSE_A_CHANGER, PASSWORD_MESSAGES, type SessionUser } from '@guichet/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';
import { securityEvent } from './security-log.ts';
import { type StoredSession, sessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Over https the cookie is `__Host-sid`: the browser then accepts it only Secure, for Path=/ and
 * without Domain, so a neighbouring subdomain or a plain-http page cannot set or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');
/** An admin area of docs/spec/decisions.md §4, or `connecte`: any logged-in agent (status list, own profile). */
export type Access = keyof typeof ACCESS | 'connecte';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in agent, read from the database on first use (so role changes apply at once). */
    currentUser(): Promise<SessionUser | null>;
  }
  interface FastifyContextConfig {
    /** Which admin area a route belongs to; every /api/admin route must name one. */
    access?: Access;
    /** Open to an agent whose password must be changed (the change itself). */
    whilePasswordToChange?: boolean;
  }
}

export type { StoredSession };
/**
 * Where sessions live, keyed by the SHA-256 of the cookie: the auth feature's rows
 * (features/auth/sessions.repository.ts), handed over by app.ts since platform imports no feature.
 */
export type SessionStore = {
  find(id: string): Promise<StoredSession | undefined>;
  create(id: string, agentId: number): Promise<void>;
  touch(id: string, at: Date): Promise<void>;
  remove(id: string): Promise<void>;
  /** Sessions idle since before `idleBefore` or opened before `openedBefore`. */
  removeExpired(idleBefore: Date, openedBefore: Date): Promise<void>;
};

type SessionOptions = {
  store: SessionStore;
  idleMinutes: number;
  maxHours: number;
  secureCookie: boolean;
  /** How long this process trusts a session it read (platform/session-cache.ts); 0: every request reads it. */
  cacheSeconds: number;
};

/** The stored last-activity time is written at most this often (the idle clock needs no write per request). */
export const TOUCH_INTERVAL_MS = 60_000;

/** Session cookies, the current-user getter, and the guard of the admin scope. */
async function sessions(app: FastifyInstance, opts: SessionOptions) {
  const idleMs = opts.idleMinutes * 60_000;
  // Absolute lifetime: even a session used all day long ends, so a stolen cookie is not good forever.
  const maxMs = opts.maxHours * 3_600_000;
  const cookieName = sessionCookieName(opts.secureCookie);
  const store = opts.store;
  const cacheMs = opts.cacheSeconds * 1000;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookie,
  };

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _user?: Promise<SessionUser | null> };
    cache._user ??= resolve(this);
    return cache._user;
  });

  async function resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const token = request.cookies[cookieName];
    if (!token) return null;
    const id = hashToken(token);
    const now = Date.now();
    const cached = cacheMs > 0 ? sessionCache.get(id, now) : undefined;
    const session = cached ?? (await find(id, now));
    if (!session) return null;
    const idle = now - session.lastSeenAt.getTime();
    if (idle > idleMs || now - session.createdAt.getTime() > maxMs) {
      sessionCache.forget(id);
      // Another process may have used the session since this one read it: ask the database.
      if (cached) return resolve(request);
      await store.remove(id);
      return null;
    }
    const user = session.user;
    if (!user) return null;
    if (idle > TOUCH_INTERVAL_MS) {
      const at = new Date(now);
      // Set before the write: the other calls of a burst share this session and write nothing.
      session.lastSeenAt = at;
      await store.touch(id, at);
    }
    // Refresh ahead, after the write (the row read back has it): this call does not wait.
    if (cached && sessionCache.dueForRefresh(id, now)) find(id, now).catch(() => {});
    return user;
  }

  /**
   * Lookups under way, by session: an agent's burst of calls on a cold cache (a screen's list,
   * counters and bell; the cache entry expiring under load) reads the row once and, after a
   * minute away, writes its last activity once. A lookup begun before an invalidation is not
   * joined: it may have read the old row.
   */
  const finding = new Map<string, { generation: number; session: Promise<StoredSession | undefined> }>();
  function find(id: string, now: number): Promise<StoredSession | undefined> {
    const since = sessionCache.generation();
    const pending = finding.get(id);
    if (pending?.generation === since) return pending.session;
    const session = store.find(id).then((found) => {
      if (cacheMs > 0) sessionCache.set(id, found, since, now + cacheMs, now + cacheMs / 2);
      return found;
    });
    const entry = { generation: since, session };
    finding.set(id, entry);
    const done = () => {
      if (finding.get(id) === entry) finding.delete(id);
    };
    session.then(done, done);
    return session;
  }

  async function forget(id: string) {
    sessionCache.forget(id);
    await store.remove(id);
    // A request that read the row before the delete may have kept it meanwhile.
    sessionCache.forget(id);
  }

  app.decorate('sessions', {
    /** A new session id at every login (no fixation); the previous one, if any, is ended. */
    cookieName,
    async start(request: FastifyRequest, reply: FastifyReply, agentId: number) {
      const previous = request.cookies[cookieName];
      if (previous) await forget(hashToken(previous));
      const token = newToken();
      await store.create(hashToken(token), agentId);
      reply.setCookie(cookieName, token, cookieOptions);
      // Opportunistic purge of expired sessions, so the table does not grow forever.
      const now = Date.now();
      await store.removeExpired(new Date(now - idleMs), new Date(now - maxMs));
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[cookieName];
      if (token) await forget(hashToken(token));
      reply.clearCookie(cookieName, cookieOptions);
    },
  });
}
// Named: fastify-plugin otherwise reads a stack trace to find a name, which under --enable-source-maps
// parses the bundle's whole source map at every start.
export const sessionPlugin = fp(sessions, { name: 'guichet-session' });

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** `sid`, or `__Host-sid` over https. */
      cookieName: string;
      start(request: FastifyRequest, reply: FastifyReply, agentId: number): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

/**
 * The admin scope's guard: 401 without a session, 403 without a role of the route's area.
 * A route that forgot to name its area fails at start, not in production.
 */
export function guardAdminScope(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`La route d'administration ${route.method} ${route.url} ne déclare pas son accès.`);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    // No staff answer is cached anywhere: it holds personal data or depends on the session.
    reply.header('cache-control', 'no-store');
    const route = `${request.method} ${request.routeOptions.url}`;
    const user = await request.currentUser();
    if (!user) {
      securityEvent(request.log, 'acces_refuse', { status: 401, route });
      throw new HttpError(401, MESSAGES.accesNonAutorise);
    }
    // Every line this request logs, its completion included, names the agent (by id only). Added to
    // the request's own logger: a child of it cost each request ~60 µs more, its lines going
    // through one more prototype (docs/benchmarks.md, dix-septième passe). Fastify's silent logger
    // has no `setBindings`.
    const log = request.log as FastifyBaseLogger & { setBindings?: (bindings: object) => void };
    if (log.setBindings) log.setBindings({ agentId: user.id });
    else request.log = reply.log = log.child({ agentId: user.id });
    const config = request.routeOptions.config;
    // A generated password is known to whoever read the console: nothing else until it is changed.
    if (user.motDePasseAChanger && !config.whilePasswordToChange) {
      securityEvent(request.log, 'acces_refuse', { status: 403, route, reason: MOT_DE_PASSE_A_CHANGER });
      throw new HttpError(403, PASSWORD_MESSAGES.aChanger, [], MOT_DE_PASSE_A_CHANGER);
    }
    const access = config.access;
    if (access === 'connecte') return;
    if (!access || !ACCESS[access].some((r) => user.roles.includes(r))) {
      securityEvent(request.log, 'acces_refuse', { status: 403, route });
      throw new HttpError(403, MESSAGES.accesNonAutorise);
    }
  });
}

/** The agent behind an admin request (the guard has already checked it exists). */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw new HttpError(401, MESSAGES.accesNonAutorise);
  return user;
}
