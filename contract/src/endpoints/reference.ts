import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { categorieSchema, filtreSchema, paramsSchema, statutSchema } from '../reference.ts';

export const healthSchema = z.object({ status: z.enum(['ok', 'error']) });

export const referenceEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'État du service : la base de données répond',
    response: { 200: healthSchema, 503: healthSchema },
  }),
  params: endpoint({ method: 'GET', path: '/api/params/get/all', access: 'public', response: { 200: paramsSchema } }),
  categories: endpoint({
    method: 'GET',
    path: '/api/categorie/get/all',
    access: 'public',
    response: { 200: z.array(categorieSchema) },
  }),
  filtres: endpoint({
    method: 'GET',
    path: '/api/filtre/get/all',
    access: 'public',
    response: { 200: z.array(filtreSchema) },
  }),
  statuts: endpoint({
    method: 'GET',
    path: '/api/admin/statut/get/all',
    access: 'connecte',
    response: { 200: z.array(statutSchema) },
  }),
};
