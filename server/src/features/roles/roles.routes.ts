import { AGENT_SEARCH_LIMIT, roleEndpoints as api, ROLE_MESSAGES } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { loggedAction } from '../../platform/security-log.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { rolesRepository } from '../auth/roles.repository.ts';
import { updateRoleAgents } from './roles.service.ts';

/** /api/admin: the roles screen and its agent search (ROLE_ADMIN or ROLE_ADMIN_ROLE). */
export async function rolesAdminRoutes(app: AppInstance) {
  route(app, api.list, async (request) => {
    const { count, rows } = await rolesRepository.list(app.db, request.query);
    return { count, roles: rows };
  });

  route(app, api.detail, async (request) => {
    const role = await rolesRepository.find(app.db, request.params.id);
    if (!role) throw notFound(ROLE_MESSAGES.roleIntrouvable);
    const agents = await rolesRepository.agents(app.db, role.id);
    return { id: role.id, code: role.code, libelle: role.libelle, agents };
  });

  route(app, api.update, async (request) => {
    const actor = await requireUser(request);
    return loggedAction(request.log, 'roles_modifies', { roleId: request.params.id, agents: request.body.agents }, () =>
      updateRoleAgents(app.db, request.params.id, request.body.agents, actor),
    );
  });

  route(app, api.searchAgents, (request) => agentsRepository.search(app.db, request.query.name, AGENT_SEARCH_LIMIT));
}
