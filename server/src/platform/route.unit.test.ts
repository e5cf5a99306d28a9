import { ALL_ENDPOINTS, referenceEndpoints, roleEndpoints, sessionEndpoints } from '@guichet/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from './app-instance.ts';
import { compileAnswer, compiledSerializer, refuseUndeclaredRoutes, route } from './route.ts';

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

describe('réponses sérialisées par du code compilé depuis le contrat', () => {
  it('n’envoie que les champs déclarés : un champ de plus (une empreinte de mot de passe) ne sort pas', async () => {
    const app = bareApp();
    const agent = { id: 7, prenom: 'Lou', nom: 'Martin', photo: null, passwordHash: '$argon2id$secret', actif: true };
    await app.register(
      async (admin) => {
        route(admin, roleEndpoints.detail, () => ({ id: 2, code: 'ROLE_USER', libelle: 'Agent', agents: [agent] }));
      },
      { prefix: '/api/admin' },
    );
    const res = await app.inject({ url: '/api/admin/role/get/2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.json()).toEqual({
      id: 2,
      code: 'ROLE_USER',
      libelle: 'Agent',
      agents: [{ id: 7, prenom: 'Lou', nom: 'Martin', photo: null }],
    });
    await app.close();
  });

  it('écrit les mêmes octets que zod puis JSON.stringify : dates en ISO, null, champs facultatifs absents', () => {
    const schema = z.object({
      date: z.date(),
      dateValidation: z.date().nullable(),
      note: z.string().optional(),
      statut: z.enum(['En attente', 'Validé']),
      rows: z.array(z.object({ id: z.number().int(), texte: z.string() })),
    });
    const value = {
      date: new Date(Date.UTC(2026, 10, 24, 6, 30)),
      dateValidation: null,
      statut: 'Validé' as const,
      rows: [{ id: 1, texte: 'Chloé « guillemets » \\ \n' }],
    };
    const stringify = compiledSerializer(schema);
    expect(stringify).toBeDefined();
    expect(stringify?.({ ...value, extra: 'non' })).toBe(JSON.stringify(schema.parse(value)));
  });

  it('refuse une réponse sans un champ obligatoire ; une union garde la vérification par zod', async () => {
    expect(() => compiledSerializer(z.object({ id: z.number(), libelle: z.string() }))?.({ id: 1 })).toThrow(/libelle/);
    // The login's refusal is a union of two answers: not compiled, zod checks it.
    expect(compiledSerializer(sessionEndpoints.login.response[400])).toBeUndefined();
  });

  it('chaque réponse déclarée par la table se compile (à sa première utilisation, pas au démarrage)', () => {
    const answers = ALL_ENDPOINTS.flatMap((e) =>
      Object.entries(e.response ?? {}).map(([status, schema]) => ({ e, status, schema })),
    );
    expect(answers.length).toBeGreaterThan(100);
    for (const { e, status, schema } of answers) {
      const route = { schema, method: e.method, url: e.path, httpStatus: status };
      expect(compileAnswer(route), `${e.method} ${e.path} ${status}`).toBeTypeOf('function');
    }
  });
});
