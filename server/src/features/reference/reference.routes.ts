import { categorieSchema, filtreSchema, paramsSchema, statutSchema } from '@guichet/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { referenceRepository as repo } from './reference.repository.ts';

export async function referencePublicRoutes(app: AppInstance) {
  const tags = ['Référentiels'];
  app.get('/params/get/all', { schema: { tags, response: { 200: paramsSchema } } }, () => repo.params(app.db));
  app.get('/categorie/get/all', { schema: { tags, response: { 200: z.array(categorieSchema) } } }, () =>
    repo.categories(app.db),
  );
  app.get('/filtre/get/all', { schema: { tags, response: { 200: z.array(filtreSchema) } } }, () =>
    repo.filtres(app.db),
  );
}

export async function referenceAdminRoutes(app: AppInstance) {
  app.get(
    '/statut/get/all',
    { config: { access: 'connecte' }, schema: { tags: ['Référentiels'], response: { 200: z.array(statutSchema) } } },
    () => repo.statuts(app.db),
  );
}
