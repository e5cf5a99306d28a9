import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsText } from '../../platform/list-query.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentRoles, agents, roles } from './auth.tables.ts';
import { sessionsRepository } from './sessions.repository.ts';

export type NewAgent = {
  username: string;
  password: string;
  prenom: string;
  nom: string;
  roles: string[];
  /** Where the daily digest can go. */
  email?: string | null;
  /** A generated password: the agent must change it before any other staff call. */
  motDePasseAChanger?: boolean;
};
export type AgentAccount = {
  id: number;
  username: string;
  prenom: string;
  nom: string;
  email: string | null;
  actif: boolean;
  roles: string[];
};

const summary = { id: agents.id, prenom: agents.prenom, nom: agents.nom, photo: agents.photo };

/** Staff accounts: the only code that writes the agents table. */
export const agentsRepository = {
  /** Usernames are matched without case, as at login. */
  async findByUsername(db: DbOrTx, username: string) {
    const [row] = await db
      .select()
      .from(agents)
      .where(eq(sql`lower(${agents.username})`, username.toLowerCase()));
    return row;
  },
  async count(db: DbOrTx) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(agents);
    return n;
  },
  async create(db: DbOrTx, a: NewAgent) {
    const passwordHash = await hashPassword(a.password);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agents)
        .values({
          username: a.username,
          passwordHash,
          prenom: a.prenom,
          nom: a.nom,
          email: a.email || null,
          motDePasseAChanger: a.motDePasseAChanger ?? false,
        })
        .returning({ id: agents.id });
      if (a.roles.length) {
        const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, a.roles));
        if (found.length !== a.roles.length) throw new Error(`Rôle inconnu parmi : ${a.roles.join(', ')}`);
        await tx.insert(agentRoles).values(found.map((r) => ({ agentId: row.id, roleId: r.id })));
      }
      return row.id;
    });
  },
  /** Every account with its role codes, disabled ones included (the `list` command). */
  async list(db: DbOrTx): Promise<AgentAccount[]> {
    return db
      .select({
        id: agents.id,
        username: agents.username,
        prenom: agents.prenom,
        nom: agents.nom,
        email: agents.email,
        actif: agents.actif,
        roles: sql<
          string[]
        >`coalesce(array_agg(${roles.code} order by ${roles.code}) filter (where ${roles.code} is not null), '{}')`,
      })
      .from(agents)
      .leftJoin(agentRoles, eq(agentRoles.agentId, agents.id))
      .leftJoin(roles, eq(roles.id, agentRoles.roleId))
      .groupBy(agents.id)
      .orderBy(asc(agents.username));
  },
  /** The agent autocomplete: active agents whose first name, last name or username contains the text. */
  async search(db: DbOrTx, text: string, limit: number) {
    const match = containsText(
      [
        agents.prenom,
        agents.nom,
        agents.username,
        sql`(${agents.prenom} || ' ' || ${agents.nom})`,
        sql`(${agents.nom} || ' ' || ${agents.prenom})`,
      ],
      text,
    );
    if (!match) return [];
    return db
      .select(summary)
      .from(agents)
      .where(and(eq(agents.actif, true), match))
      .orderBy(asc(agents.nom), asc(agents.prenom), asc(agents.id))
      .limit(limit);
  },
  /** When the agent last opened the bell's menu (null: never), and its account's creation. */
  async notificationsSeen(db: DbOrTx, agentId: number): Promise<{ vuesLe: Date | null; createdAt: Date } | undefined> {
    const [row] = await db
      .select({ vuesLe: agents.notificationsVuesLe, createdAt: agents.createdAt })
      .from(agents)
      .where(eq(agents.id, agentId));
    return row;
  },
  /** The bell's menu was opened: new items are counted from that moment on. */
  async markNotificationsSeen(db: DbOrTx, agentId: number, moment: Date): Promise<void> {
    await db.update(agents).set({ notificationsVuesLe: moment }).where(eq(agents.id, agentId));
  },
  /** Which of these ids are active agents. */
  async activeIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(inArray(agents.id, ids), eq(agents.actif, true)));
    return rows.map((r) => r.id);
  },
  /**
   * A new password ends every open session of the agent (returns how many) and lifts the duty to
   * change a generated one: it is no longer the password someone read on the console.
   */
  async setPassword(db: DbOrTx, agentId: number, password: string): Promise<number> {
    const passwordHash = await hashPassword(password);
    const ended = await db.transaction(async (tx) => {
      await tx.update(agents).set({ passwordHash, motDePasseAChanger: false }).where(eq(agents.id, agentId));
      return sessionsRepository.endAll(tx, agentId);
    });
    // Committed (unless `db` is itself a transaction, whose owner forgets again after its commit).
    sessionCache.forgetAgent(agentId);
    return ended;
  },
  /** Whether the agent chose the daily digest (« Mon compte »), and its address. */
  async digestChoice(db: DbOrTx, agentId: number): Promise<{ on: boolean; email: string | null }> {
    const [row] = await db
      .select({ on: agents.digestQuotidien, email: agents.email })
      .from(agents)
      .where(eq(agents.id, agentId));
    return row ?? { on: false, email: null };
  },
  async setDigest(db: DbOrTx, agentId: number, on: boolean): Promise<void> {
    await db.update(agents).set({ digestQuotidien: on }).where(eq(agents.id, agentId));
  },
  /** No address, no digest: removing it also stops the digest. */
  async setEmail(db: DbOrTx, agentId: number, email: string | null): Promise<void> {
    await db
      .update(agents)
      .set(email ? { email } : { email: null, digestQuotidien: false })
      .where(eq(agents.id, agentId));
  },
  /** Active agents who chose the daily digest, with their role codes (the digest job). */
  async digestRecipients(db: DbOrTx): Promise<Omit<AgentAccount, 'actif'>[]> {
    return db
      .select({
        id: agents.id,
        username: agents.username,
        email: agents.email,
        prenom: agents.prenom,
        nom: agents.nom,
        roles: sql<
          string[]
        >`coalesce(array_agg(${roles.code} order by ${roles.code}) filter (where ${roles.code} is not null), '{}')`,
      })
      .from(agents)
      .leftJoin(agentRoles, eq(agentRoles.agentId, agents.id))
      .leftJoin(roles, eq(roles.id, agentRoles.roleId))
      .where(and(eq(agents.actif, true), eq(agents.digestQuotidien, true)))
      .groupBy(agents.id)
      .orderBy(asc(agents.id));
  },
  /** Disabling closes the agent's sessions at once; its roles stay, dormant, for a later re-enable. */
  async setActive(db: DbOrTx, agentId: number, actif: boolean): Promise<number> {
    const ended = await db.transaction(async (tx) => {
      await tx.update(agents).set({ actif }).where(eq(agents.id, agentId));
      return actif ? 0 : sessionsRepository.endAll(tx, agentId);
    });
    sessionCache.forgetAgent(agentId);
    return ended;
  },
};
