import type { SessionUser } from '@guichet/contract';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionStore } from '../../platform/auth.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentRoles, agents, roles, sessions } from './auth.tables.ts';

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
 * The sessions table behind platform/auth.ts's cookie: a session with its agent and the agent's
 * roles as they are now, in one query per admin request, prepared once (no query building per
 * request; on PostgreSQL a named statement, parsed and planned once per connection).
 */
export function sessionStore(db: Db): SessionStore {
  const lookup = db
    .select({ ...agentFields, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .leftJoin(agentRoles, eq(agentRoles.agentId, agents.id))
    .leftJoin(roles, eq(roles.id, agentRoles.roleId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .groupBy(agents.id, sessions.id)
    .prepare('session_agent');
  return {
    async find(id) {
      const [row] = await lookup.execute({ id });
      return row ? { createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, user: activeUser(row) } : undefined;
    },
    async create(id, agentId) {
      await db.insert(sessions).values({ id, agentId });
    },
    async touch(id, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async remove(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async removeExpired(idleBefore, openedBefore) {
      await db.delete(sessions).where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, openedBefore)));
    },
  };
}

export const sessionsRepository = {
  /** Retention: sessions idle since before `before` (expired, never to be used again). */
  async purgeIdle(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db.delete(sessions).where(lt(sessions.lastSeenAt, before)).returning({ id: sessions.id });
    return rows.length;
  },
  /**
   * Ends every session of an agent (disabled account, changed password); returns how many. Inside a
   * transaction, the caller forgets them again once it commits (`sessionCache.forgetAgent`): a
   * request between this and the commit still reads the old rows.
   */
  async endAll(db: DbOrTx, agentId: number): Promise<number> {
    sessionCache.forgetAgent(agentId);
    const ended = await db.delete(sessions).where(eq(sessions.agentId, agentId)).returning({ id: sessions.id });
    return ended.length;
  },
};
