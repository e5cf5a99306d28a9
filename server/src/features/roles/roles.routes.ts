import {
  AGENT_SEARCH_LIMIT,
  agentSearchQuerySchema,
  agentSearchResponseSchema,
  errorResponseSchema,
  ROLE_MESSAGES,
  roleIdParamsSchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleSchema,
  roleUpdateBodySchema,
  successSchema,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { loggedAction } from '../../platform/security-log.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { rolesRepository } from './roles.repository.ts';
import { updateRoleAgents } from './roles.service.ts';

/** /api/admin: the roles screen and its agent search (ROLE_ADMIN or ROLE_ADMIN_ROLE). */
export async function rolesAdminRoutes(app: AppInstance) {
  const tags = ['Rôles'];
  const config = { access: 'roles' as const };
  const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };

  app.get(
    '/role/get/list/by/filters',
    { config, schema: { tags, querystring: roleListQuerySchema, response: { 200: roleListResponseSchema } } },
    async (request) => {
      const { count, rows } = await rolesRepository.list(app.db, request.query);
      return { count, roles: rows };
    },
  );

  app.get(
    '/role/get/:id',
    { config, schema: { tags, params: roleIdParamsSchema, response: { 200: roleSchema, ...refusals } } },
    async (request) => {
      const role = await rolesRepository.find(app.db, request.params.id);
      if (!role) throw notFound(ROLE_MESSAGES.roleIntrouvable);
      const agents = await rolesRepository.agents(app.db, role.id);
      return { id: role.id, code: role.code, libelle: role.libelle, agents };
    },
  );

  app.put(
    '/role/update/:id',
    {
      config,
      schema: {
        tags,
        params: roleIdParamsSchema,
        body: roleUpdateBodySchema,
        response: { 200: successSchema, 403: errorResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return loggedAction(
        request.log,
        'roles_modifies',
        { roleId: request.params.id, agents: request.body.agents },
        () => updateRoleAgents(app.db, request.params.id, request.body.agents, actor),
      );
    },
  );

  app.get(
    '/user/get/by/name',
    {
      config,
      schema: { tags, querystring: agentSearchQuerySchema, response: { 200: agentSearchResponseSchema, ...refusals } },
    },
    (request) => agentsRepository.search(app.db, request.query.name, AGENT_SEARCH_LIMIT),
  );
}
