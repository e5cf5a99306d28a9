import { successSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  agentSearchQuerySchema,
  agentSearchResponseSchema,
  roleIdParamsSchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleSchema,
  roleUpdateBodySchema,
} from '../role.ts';
import { e } from './shared.ts';

const roleRefusals = { 400: e, 404: e };
export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/role/get/list/by/filters',
    access: 'roles',
    query: roleListQuerySchema,
    response: { 200: roleListResponseSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/role/get/:id',
    access: 'roles',
    params: roleIdParamsSchema,
    response: { 200: roleSchema, ...roleRefusals },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/role/update/:id',
    access: 'roles',
    summary: 'Remplace la liste des agents du rôle',
    params: roleIdParamsSchema,
    body: roleUpdateBodySchema,
    response: { 200: successSchema, 403: e, ...roleRefusals },
  }),
  searchAgents: endpoint({
    method: 'GET',
    path: '/api/admin/user/get/by/name',
    access: 'roles',
    summary: 'Agents dont le nom ou le prénom contient le texte cherché',
    query: agentSearchQuerySchema,
    response: { 200: agentSearchResponseSchema, ...roleRefusals },
  }),
};
