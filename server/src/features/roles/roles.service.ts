import { ROLE_MESSAGES, type RoleCode } from '@guichet/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { rolesRepository } from './roles.repository.ts';

/** The role that must always keep an active agent (decisions §4). */
export const ADMIN_ROLE: RoleCode = 'ROLE_ADMIN';

/**
 * Replaces the role's agents in one transaction. Refused, with nothing changed: an unknown or
 * disabled agent, or ROLE_ADMIN left without any active agent.
 */
export async function updateRoleAgents(db: Db, roleId: number, requested: number[]) {
  const ids = [...new Set(requested)];
  return db.transaction(async (tx) => {
    const role = await rolesRepository.lock(tx, { id: roleId });
    if (!role) throw notFound(ROLE_MESSAGES.roleIntrouvable);
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
