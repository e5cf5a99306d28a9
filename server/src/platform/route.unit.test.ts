import { referenceEndpoints } from '@guichet/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { AppInstance } from './app-instance.ts';
import { refuseUndeclaredRoutes, route } from './route.ts';

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  refuseUndeclaredRoutes(app as unknown as AppInstance);
  return app as unknown as AppInstance;
}

const params = { jourDebut: 1, moisDebut: 9, jourFin: 30, moisFin: 6 };

describe('route() et la table des points d’accès', () => {
  it('enregistre un point d’accès de la table sous le préfixe de sa portée, et valide sa réponse', async () => {
    const app = bareApp();
    await app.register(
      async (api) => {
        route(api, referenceEndpoints.categories, () => [{ id: 1, libelle: 'Logement' }]);
        route(api, referenceEndpoints.filtres, () => [{ id: 1, libelle: 'Sport' }] as never);
      },
      { prefix: '/api' },
    );
    const ok = await app.inject({ url: '/api/categorie/get/all' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([{ id: 1, libelle: 'Logement' }]);
    // The answer's schema comes from the table: a filter without its tag is not sent.
    expect((await app.inject({ url: '/api/filtre/get/all' })).statusCode).toBe(500);
    await app.close();
  });

  it('refuse au démarrage une route /api écrite à la main, même au chemin d’un point d’accès connu', async () => {
    const app = bareApp();
    const registering = app.register(
      async (api) => {
        api.get('/params/get/all', () => params);
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow("GET /api/params/get/all n'est pas déclarée dans la table");
  });

  it('refuse un point d’accès hors de sa portée, ou d’administration enregistré sous /api seulement', async () => {
    const admin = bareApp().register(async (scope) => route(scope, referenceEndpoints.params, () => params as never), {
      prefix: '/api/admin',
    });
    await expect(admin).rejects.toThrow('GET /api/params/get/all ne peut pas être déclarée sous /api/admin');
    const publicScope = bareApp().register(async (scope) => route(scope, referenceEndpoints.statuts, () => []), {
      prefix: '/api',
    });
    // An admin endpoint is found under /api, but only the admin scope (its guard) may hold it.
    await expect(publicScope).rejects.toThrow(
      'GET /api/admin/statut/get/all doit être déclarée dans la portée d’administration',
    );
  });

  it('laisse passer les routes hors de /api (pages, fichiers de l’application)', async () => {
    const app = bareApp();
    app.get('/assets/app.js', () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
