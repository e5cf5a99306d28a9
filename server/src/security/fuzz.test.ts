import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../test/harness.ts';

/** What must never reach a client: stack frames, SQL, driver or library internals. */
const LEAK =
  /(\bat [\w.<>]+ \(|\.ts:\d+|node_modules|syntax error|\bselect\b.+\bfrom\b|\binsert into\b|drizzle|PGlite|ECONNREFUSED|TypeError|ReferenceError)/i;

/** Row counts of the tables a request could write; failed logins are counted on purpose, so left out. */
async function fingerprint(t: TestApp) {
  const r = await t.database.db.execute(sql`select
    (select count(*) from inscriptions)::int as inscriptions, (select count(*) from partenaires)::int as partenaires,
    (select count(*) from etudiants)::int as etudiants, (select count(*) from logos)::int as logos,
    (select count(*) from agent_roles)::int as agent_roles, (select count(*) from agents)::int as agents,
    (select count(*) from mail_outbox)::int as mails`);
  return JSON.stringify((r as unknown as { rows: unknown[] }).rows[0]);
}

const hostile = fc.constantFrom(
  '../../etc/passwd',
  "1' or '1'='1",
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  '<script>alert(1)</script>',
  'NaN',
  '1e309',
  '{}',
  'null',
);
const value = fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String), hostile);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom('search', 'page', 'rowsPerPage', 'sort', 'filter', 'filtres', 'annee', 'name'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(
    value,
    fc.array(value, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('name', 'direction', 'statut', 'date', 'nom', 'actif'), value),
  ),
  { maxKeys: 5 },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
);

describe(`entrées hostiles sur chaque route (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_ADMIN_ROLE'])).cookie;
  });
  afterAll(() => t.close());

  it('ne répond jamais 5xx, ne révèle rien et ne stocke rien sur une requête refusée', async () => {
    const routes = t.app.routeList.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && r.url !== '/logout',
    );
    expect(routes.length).toBeGreaterThan(3);
    let requests = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(value, query, body, fc.boolean(), async (param, q, payload, asAdmin) => {
          const url = `${route.url.replace(/:\w+/g, encodeURIComponent(param))}?${qs.stringify(q)}`;
          const before = await fingerprint(t);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: asAdmin ? { cookie } : {},
            ...(route.method === 'GET' ? {} : { payload: payload as object }),
          });
          requests++;
          expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.body).not.toMatch(LEAK);
          if (res.statusCode >= 400) expect(await fingerprint(t)).toBe(before);
        }),
        { numRuns: 40 },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(routes.length * 40);
  }, 300_000);

  it('refuse un identifiant de référence hors limites dans un filtre, liste comme export (trouvé par le test ci-dessus)', async () => {
    for (const path of [
      'inscriptions/get/list/by/filters',
      'inscriptions/export',
      'etudiants/get/list/by/filters',
      'etudiants/export',
      'partenaires/get/list/by/filters',
      'partenaire/export',
    ]) {
      const res = await t.app.inject({ url: `/api/admin/${path}?filter[statut]=32768`, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors).toEqual([{ key: 'statut', error: 'Identifiant invalide.' }]);
    }
  });

  it('ignore les champs inconnus : on ne se donne pas un statut « Validé » en l’envoyant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/etudiant/add',
      payload: {
        email: 'intrus@example.fr',
        cp: '10000',
        ville: 'Troyes',
        ecole: 'UTT',
        statutId: 2,
        idStatut: 2,
        id: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = (await t.database.db.execute(
      sql`select id, statut_id from etudiants where email = 'intrus@example.fr'`,
    )) as unknown as { rows: { id: number; statut_id: number }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].statut_id).toBe(1);
  });

  it('refuse un JSON malformé (400) et un corps trop gros (413) avec un message français', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/requête est invalide/);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Le contenu envoyé est trop volumineux.');
  });
});
