import { referenceEndpoints as api } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { route } from '../../platform/route.ts';
import { referenceRepository as repo } from './reference.repository.ts';

export async function referencePublicRoutes(app: AppInstance) {
  route(app, api.params, () => repo.params(app.db));
  route(app, api.categories, () => repo.categories(app.db));
  route(app, api.filtres, () => repo.filtres(app.db));
}

export async function referenceAdminRoutes(app: AppInstance) {
  route(app, api.statuts, () => repo.statuts(app.db));
}
