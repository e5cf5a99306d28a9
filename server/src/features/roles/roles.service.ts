import { ROLE_MESSAGES, ROLE_RULES, type RoleCode, type SessionUser } from '@guichet/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { recordJournal } from '../../platform/journal/journal.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { rolesRepository } from '../auth/roles.repository.ts';

/** The role that must always keep an active agent (docs/spec/decisions.md §4). */
export const ADMIN_ROLE: RoleCode = 'ROLE_ADMIN';

/** Who asks for the change: its id and its roles as read for this request, its name for the journal. */
export type RoleActor = Pick<SessionUser, 'id' | 'roles' | 'username' | 'prenom' | 'nom'>;

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
    const before = await rolesRepository.agents(tx, role.id);
    await rolesRepository.replaceActiveAgents(tx, role.id, ids);
    const after = await rolesRepository.agents(tx, role.id);
    const name = (a: { prenom: string; nom: string }) => `${a.prenom} ${a.nom}`;
    const added = after.filter((a) => !before.some((b) => b.id === a.id)).map(name);
    const removed = before.filter((b) => !after.some((a) => a.id === b.id)).map(name);
    if (added.length || removed.length) {
      await recordJournal(tx, actor, {
        action: 'role.agents',
        entite: 'role',
        entiteId: role.id,
        resume: `Rôle « ${role.libelle} » : ${[
          added.length ? `ajout de ${added.join(', ')}` : '',
          removed.length ? `retrait de ${removed.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' ; ')}`,
        avant: { agents: before.map(name) },
        apres: { agents: after.map(name) },
      });
    }
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
