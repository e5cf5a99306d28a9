import type { AgentSummary, RoleListFilter } from '@guichet/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, type ListDefinition, type ListParams, runList } from '../../platform/list-query.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentRoles, agents, roles } from './auth.tables.ts';

const listFields = { id: roles.id, code: roles.code, libelle: roles.libelle };
const roleList: ListDefinition<typeof listFields, RoleListFilter> = {
  fields: listFields,
  // The helper selects either these fields or a count, always from the same table.
  from: (db, fields) => db.select(fields).from(roles).$dynamic(),
  columns: { libelle: roles.libelle },
  defaultSort: { name: 'libelle', direction: 'asc' },
  searchIn: [roles.libelle],
  filters: (f) => [f.libelle ? containsText([roles.libelle], f.libelle) : undefined],
  id: roles.id,
};

/** Roles and who holds them (tables roles and agent_roles), for the roles screen and the CLI. */
export const rolesRepository = {
  list: (db: DbOrTx, params: ListParams<RoleListFilter>) => runList(db, roleList, params),

  async find(db: DbOrTx, id: number) {
    const [row] = await db.select().from(roles).where(eq(roles.id, id));
    return row;
  },

  /**
   * Locks the role's row until the transaction ends: two changes of one role (or a change and
   * the disabling of one of its agents) run one after the other, so each sees the other's result.
   */
  async lock(tx: DbOrTx, where: { id: number } | { code: string }) {
    const [row] = await tx
      .select()
      .from(roles)
      .where('id' in where ? eq(roles.id, where.id) : eq(roles.code, where.code))
      .for('update');
    return row;
  },

  /** The role's active agents; a disabled account holds no right, so it is not listed. */
  agents: (db: DbOrTx, roleId: number): Promise<AgentSummary[]> =>
    db
      .select({ id: agents.id, prenom: agents.prenom, nom: agents.nom, photo: agents.photo })
      .from(agentRoles)
      .innerJoin(agents, eq(agents.id, agentRoles.agentId))
      .where(and(eq(agentRoles.roleId, roleId), eq(agents.actif, true)))
      .orderBy(asc(agents.nom), asc(agents.prenom), asc(agents.id)),

  /**
   * Makes `agentIds` (all active) the role's active agents. Memberships of disabled agents are
   * left as they are: they come back only if the account is enabled again.
   */
  async replaceActiveAgents(tx: DbOrTx, roleId: number, agentIds: number[]) {
    // Sessions read from now on carry the new roles; the caller clears again once it commits.
    sessionCache.clear();
    const active = tx.select({ id: agents.id }).from(agents).where(eq(agents.actif, true));
    await tx.delete(agentRoles).where(and(eq(agentRoles.roleId, roleId), inArray(agentRoles.agentId, active)));
    if (agentIds.length) {
      await tx
        .insert(agentRoles)
        .values(agentIds.map((agentId) => ({ agentId, roleId })))
        .onConflictDoNothing();
    }
  },

  async countActiveAgents(db: DbOrTx, roleId: number, exceptAgentId?: number) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentRoles)
      .innerJoin(agents, eq(agents.id, agentRoles.agentId))
      .where(
        and(
          eq(agentRoles.roleId, roleId),
          eq(agents.actif, true),
          exceptAgentId === undefined ? undefined : ne(agents.id, exceptAgentId),
        ),
      );
    return n;
  },
};
