import { ACCESS, MESSAGES, MOT_DE_PASSE_A_CHANGER, PASSWORD_MESSAGES, type SessionUser } from '@guichet/contract';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbOrTx } from '../db/client.ts';
import { agentRoles, agents, roles, sessions } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { securityEvent } from './security-log.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Over https the cookie is `__Host-sid`: the browser then accepts it only Secure, for Path=/ and
 * without Domain, so a neighbouring subdomain or a plain-http page cannot set or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');
/** An admin area of decisions §4, or `connecte`: any logged-in agent (status list, own profile). */
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

const agentFields = {
  id: agents.id,
  username: agents.username,
  prenom: agents.prenom,
  nom: agents.nom,
  actif: agents.actif,
  motDePasseAChanger: agents.motDePasseAChanger,
  roles: sql<string[]>`coalesce(array_agg(${roles.code}) filter (where ${roles.code} is not null), '{}')`,
};

type AgentRow = {
  id: number;
  username: string;
  prenom: string;
  nom: string;
  actif: boolean;
  motDePasseAChanger: boolean;
  roles: string[];
};
const activeUser = (row: AgentRow | undefined): SessionUser | null =>
  row?.actif
    ? {
        id: row.id,
        username: row.username,
        prenom: row.prenom,
        nom: row.nom,
        roles: row.roles,
        motDePasseAChanger: row.motDePasseAChanger,
      }
    : null;

/** Loads an agent with its role codes; null when unknown or disabled. */
export async function loadAgent(db: Db, agentId: number): Promise<SessionUser | null> {
  const rows = await db
    .select(agentFields)
    .from(agents)
    .leftJoin(agentRoles, eq(agentRoles.agentId, agents.id))
    .leftJoin(roles, eq(roles.id, agentRoles.roleId))
    .where(eq(agents.id, agentId))
    .groupBy(agents.id);
  return activeUser(rows[0]);
}

/**
 * A session with its agent and the agent's roles as they are now: one query per admin request,
 * prepared once (no query building per request; on PostgreSQL a named statement, parsed and
 * planned once per connection).
 */
function sessionLookup(db: Db) {
  const query = db
    .select({ ...agentFields, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .leftJoin(agentRoles, eq(agentRoles.agentId, agents.id))
    .leftJoin(roles, eq(roles.id, agentRoles.roleId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .groupBy(agents.id, sessions.id)
    .prepare('session_agent');
  return async (sessionId: string) => {
    const [row] = await query.execute({ id: sessionId });
    return row ? { createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, user: activeUser(row) } : undefined;
  };
}

/** Retention: sessions idle since before `before` (expired, never to be used again). */
export async function purgeIdleSessions(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.lastSeenAt, before)).returning({ id: sessions.id });
  return rows.length;
}

type SessionOptions = { db: Db; idleMinutes: number; maxHours: number; secureCookie: boolean };

/** Session cookies, the current-user getter, and the guard of the admin scope. */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionOptions) => {
  const idleMs = opts.idleMinutes * 60_000;
  // Absolute lifetime: even a session used all day long ends, so a stolen cookie is not good forever.
  const maxMs = opts.maxHours * 3_600_000;
  const cookieName = sessionCookieName(opts.secureCookie);
  const loadSession = sessionLookup(opts.db);
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
    const session = await loadSession(id);
    if (!session) return null;
    const now = Date.now();
    const idle = now - session.lastSeenAt.getTime();
    if (idle > idleMs || now - session.createdAt.getTime() > maxMs) {
      await opts.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    const user = session.user;
    if (!user) return null;
    // Touch at most once a minute: the idle clock needs no write per request.
    if (idle > 60_000) await opts.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
    return user;
  }

  app.decorate('sessions', {
    /** A new session id at every login (no fixation); the previous one, if any, is ended. */
    cookieName,
    async start(request: FastifyRequest, reply: FastifyReply, agentId: number) {
      const previous = request.cookies[cookieName];
      if (previous) await opts.db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
      const token = newToken();
      await opts.db.insert(sessions).values({ id: hashToken(token), agentId });
      reply.setCookie(cookieName, token, cookieOptions);
      // Opportunistic purge of expired sessions, so the table does not grow forever.
      const now = Date.now();
      await opts.db
        .delete(sessions)
        .where(or(lt(sessions.lastSeenAt, new Date(now - idleMs)), lt(sessions.createdAt, new Date(now - maxMs))));
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[cookieName];
      if (token) await opts.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
      reply.clearCookie(cookieName, cookieOptions);
    },
    /** Ends every session of an agent (disabled account, changed password). */
    async endAll(agentId: number) {
      await opts.db.delete(sessions).where(and(eq(sessions.agentId, agentId)));
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** `sid`, or `__Host-sid` over https. */
      cookieName: string;
      start(request: FastifyRequest, reply: FastifyReply, agentId: number): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      endAll(agentId: number): Promise<void>;
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
    // Every line this request logs, its completion included, names the agent (by id only).
    request.log = reply.log = request.log.child({ agentId: user.id });
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
