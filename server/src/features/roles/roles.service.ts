import { ROLE_MESSAGES, ROLE_RULES, type RoleCode } from '@guichet/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { rolesRepository } from '../auth/roles.repository.ts';

/** The role that must always keep an active agent (docs/spec/decisions.md §4). */
export const ADMIN_ROLE: RoleCode = 'ROLE_ADMIN';

/** Who asks for the change: its id and its roles as read for this request. */
export type RoleActor = { id: number; roles: readonly string[] };

/**
 * Replaces the role's agents in one transaction. Refused, with nothing changed: in 403, a change
 * the actor may not make (ROLE_RULES: ROLE_ADMIN by a non-administrator, adding oneself); in 400,
 * an unknown or disabled agent, or ROLE_ADMIN left without any active agent.
 */
export async function updateRoleAgents(db: Db, roleId: number, requested: number[], actor: RoleActor) {
  const ids = [...new Set(requested)];
  const result = await db.transaction(async (tx) => {
    const role = await rolesRepository.lock(tx, { id: roleId });
    if (!role) throw notFound(ROLE_MESSAGES.roleIntrouvable);
    // Even a list identical to the current one: the role is not the actor's to edit.
    if (!ROLE_RULES.canEditRole(actor.roles, role.code)) {
      throw new HttpError(403, ROLE_MESSAGES.reserveAdministrateur(role.libelle));
    }
    // Compared with the members under the lock, so leaving the role or keeping oneself passes.
    if (ids.includes(actor.id) && !ROLE_RULES.canAddSelf(actor.roles)) {
      const current = await rolesRepository.agents(tx, role.id);
      if (!current.some((a) => a.id === actor.id)) throw new HttpError(403, ROLE_MESSAGES.pasPourSoi);
    }
    const active = new Set(await agentsRepository.activeIds(tx, ids));
    const unknown = ids.filter((id) => !active.has(id));
    if (unknown.length) {
      const error = ROLE_MESSAGES.agentsInconnus(unknown);
      throw badRequest([{ key: 'agents', error }], error);
    }
    if (role.code === ADMIN_ROLE && ids.length === 0) {
      const error = ROLE_MESSAGES.dernierAdministrateur(role.libelle);
      throw badRequest([{ key: 'agents', error }], error);
    }
    await rolesRepository.replaceActiveAgents(tx, role.id, ids);
    return { status: 'success' as const, message: ROLE_MESSAGES.enregistre(role.libelle) };
  });
  // Committed: a session read meanwhile with the old roles is not kept.
  sessionCache.clear();
  return result;
}

/**
 * Whether this agent is the last active holder of ROLE_ADMIN. Call it in the transaction that
 * disables the agent: it locks the role, so a concurrent role change waits for the answer.
 */
export async function isLastActiveAdmin(tx: DbOrTx, agentId: number): Promise<boolean> {
  const role = await rolesRepository.lock(tx, { code: ADMIN_ROLE });
  if (!role) return false;
  const others = await rolesRepository.countActiveAgents(tx, role.id, agentId);
  if (others > 0) return false;
  return (await rolesRepository.countActiveAgents(tx, role.id)) > 0;
}
