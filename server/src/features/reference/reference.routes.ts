import { referenceEndpoints as api } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { route } from '../../platform/route.ts';
import { referenceCache as cache } from './reference-cache.ts';

export async function referencePublicRoutes(app: AppInstance) {
  route(app, api.params, () => cache.get(app.db, 'params'));
  route(app, api.categories, () => cache.get(app.db, 'categories'));
  route(app, api.filtres, () => cache.get(app.db, 'filtres'));
}

export async function referenceAdminRoutes(app: AppInstance) {
  route(app, api.statuts, () => cache.get(app.db, 'statuts'));
}
