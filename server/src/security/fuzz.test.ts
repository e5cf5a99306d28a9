import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../test/harness.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';
import { uploadedLogo, validPartenaire } from '../features/partenaires/partenaires.fixtures.ts';

/** What must never reach a client: stack frames, SQL, driver or library internals. */
const LEAK =
  /(\bat [\w.<>]+ \(|\.ts:\d+|node_modules|syntax error|\bselect\b.+\bfrom\b|\binsert into\b|drizzle|PGlite|ECONNREFUSED|TypeError|ReferenceError)/i;
/** Library messages in English (zod's defaults): a 400 must speak French. */
const ENGLISH = /\b(Invalid|expected|received|Too big|Too small|Required|Unrecognized|must be)\b/;

/**
 * Row counts and a digest of every row a request could write (updates too, not only inserts);
 * failed logins are counted on purpose and sessions touched by every admin request, so left out.
 */
async function fingerprint(t: TestApp) {
  const digest = (table: string, order: string) =>
    sql.raw(`(select md5(coalesce(string_agg(x::text, '|' order by ${order}), '')) from ${table} x)`);
  const r = await t.database.db.execute(sql`select
    ${digest('inscriptions', 'x.id')} as inscriptions, ${digest('partenaires', 'x.id')} as partenaires,
    ${digest('etudiants', 'x.id')} as etudiants, ${digest('agent_roles', 'x.agent_id, x.role_id')} as agent_roles,
    (select count(*) from logos)::int as logos, (select count(*) from agents)::int as agents,
    (select count(*) from mail_outbox)::int as mails`);
  return JSON.stringify((r as unknown as { rows: unknown[] }).rows[0]);
}

/**
 * Percent-encoding that also carries what `encodeURIComponent` refuses: a lone surrogate goes as
 * its three WTF-8 bytes, the way a hostile client can send it.
 */
function encodeAny(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}
const queryString = (q: unknown) => qs.stringify(q, { encoder: (v) => encodeAny(String(v)) });

const hostile = fc.constantFrom(
  '../../etc/passwd',
  "1' or '1'='1",
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u001b[31m',
  '\u2028\u2029',
  '\ufeff',
  '<script>alert(1)</script>',
  'NaN',
  '1e309',
  '{}',
  'null',
);
const codeUnits = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
/** Any Unicode: every code point (controls included), lone surrogates, and text with a NUL inside. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: codeUnits(0, 0x9f), maxLength: 12 }),
  fc.string({ unit: codeUnits(0xd800, 0xdfff), minLength: 1, maxLength: 3 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
);
/** Integers past every column's range, up to 2^53 (and floats, negative, zero). */
const anyNumber = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(32_767, 32_768, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 0, -1, 1.5),
  fc.double(),
);
/** Every admin list and export; all but the roles list filter by date and status. */
const ADMIN_LISTS = [
  'inscriptions/get/list/by/filters',
  'inscriptions/export',
  'etudiants/get/list/by/filters',
  'etudiants/export',
  'partenaires/get/list/by/filters',
  'partenaire/export',
  'role/get/list/by/filters',
];
const DATED_LISTS = ADMIN_LISTS.filter((l) => !l.startsWith('role'));

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** Days that may not exist: month 0 to 13, day 0 to 32, year 0 to 9999 (2025-02-30 among them). */
const anyDay = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

const value = fc.oneof(fc.string({ maxLength: 40 }), anyText, anyNumber.map(String), anyDay, hostile);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom('search', 'page', 'rowsPerPage', 'sort', 'filter', 'filtres', 'annee', 'name'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(
    value,
    fc.array(value, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('name', 'direction', 'statut', 'date', 'nom', 'actif', 'categorie'), value),
  ),
  { maxKeys: 5 },
);
const leaf = fc.oneof(anyText, anyNumber, hostile, fc.boolean(), fc.constant(null));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(leaf, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 8 }),
);

type Res = { statusCode: number; body: string; headers: Record<string, unknown> };
/** Never a 5xx nor a leak; a 400 is the French validation body. */
function expectSafe(res: Res, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body).not.toMatch(LEAK);
  if (res.statusCode === 400) {
    const json = JSON.parse(res.body);
    // The login's refusal keeps the spec's own shape.
    if (json.logged === false) {
      expect(json, what).toEqual({ logged: false, error: expect.any(String) });
      expect(json.error, what).not.toMatch(ENGLISH);
      return;
    }
    expect(json, what).toEqual({
      status: 'error',
      message: expect.any(String),
      errors: expect.any(Array),
    });
    for (const e of json.errors) {
      expect(e, what).toEqual({ key: expect.any(String), error: expect.any(String) });
      expect(e.error, what).not.toMatch(ENGLISH);
    }
    expect(json.message, what).not.toMatch(ENGLISH);
  }
}

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
          const url = `${route.url.replace(/:\w+/g, encodeAny(param))}?${queryString(q)}`;
          const before = await fingerprint(t);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: asAdmin ? { cookie } : {},
            ...(route.method === 'GET' ? {} : { payload: payload as object }),
          });
          requests++;
          expectSafe(res, `${route.method} ${url}`);
          if (res.statusCode >= 400) expect(await fingerprint(t)).toBe(before);
        }),
        { numRuns: 40 },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(routes.length * 40);
  }, 300_000);

  /**
   * Random bodies rarely get past the first missing field, so the odd value never reaches the
   * database. Here each request is a valid one with a single field, path id or query value swapped
   * for an odd value: the shape of the defects found by hand (a NUL in one field of a complete form).
   */
  it('une requête valide dont un seul champ est remplacé par une valeur étrange : jamais 5xx, 400 en français, rien de changé', async () => {
    const logo = await uploadedLogo(t.app);
    const someId = async (table: string) => {
      const r = (await t.database.db.execute(sql.raw(`select min(id)::int as id from ${table}`))) as unknown as {
        rows: { id: number | null }[];
      };
      return String(r.rows[0].id ?? 1);
    };
    await t.app.inject({ method: 'POST', url: '/api/partenaire/add', payload: validPartenaire(logo) });
    await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: validInscription() });
    const partenaireId = await someId('partenaires');
    const inscriptionId = await someId('inscriptions');
    const owner = validInscription().proprietaire;
    const { ascenceur, localVelo, ...logementQuery } = validInscription().logement;
    const list = (filter: object) => ({ search: 'a', page: '0', rowsPerPage: '10', filter });
    type Template = { method: 'GET' | 'POST' | 'PUT'; url: string; query?: object; body?: object };
    const templates: Template[] = [
      { method: 'POST', url: '/api/inscription/add', body: validInscription() },
      { method: 'GET', url: '/api/inscription/proprietaire/validate', query: owner },
      {
        method: 'GET',
        url: '/api/inscription/logement/validate',
        query: { ...logementQuery, ascenceur: String(ascenceur), localVelo: String(localVelo) },
      },
      {
        method: 'POST',
        url: '/api/etudiant/add',
        body: { email: 'odd@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: '1 rue' },
      },
      { method: 'POST', url: '/api/partenaire/add', body: validPartenaire(logo) },
      { method: 'POST', url: `/api/partenaire/update/${partenaireId}`, body: { ...validPartenaire(logo), token: 'x' } },
      { method: 'POST', url: `/api/partenaire/valid/infos/${partenaireId}`, body: { token: 'x' } },
      { method: 'POST', url: '/api/login', body: { username: 'personne', password: 'mot-de-passe' } },
      { method: 'GET', url: '/api/partenaire/get/valid', query: { filtres: ['1', '2'] } },
      {
        method: 'GET',
        url: '/api/admin/inscriptions/get/list/by/filters',
        query: list({ date: '2025-01-01', nom: 'a', telephone: '06', email: 'a', adresse: 'a', statut: ['1'] }),
      },
      {
        method: 'GET',
        url: '/api/admin/inscriptions/export',
        query: { search: 'a', filter: { date: '2025-01-01', statut: '2' } },
      },
      {
        method: 'GET',
        url: '/api/admin/etudiants/get/list/by/filters',
        query: list({ date: '2025-01-01', email: 'a', ecole: 'UTT', statut: ['1'] }),
      },
      { method: 'GET', url: '/api/admin/etudiants/export', query: { search: 'a', filter: { date: '2025-01-01' } } },
      {
        method: 'GET',
        url: '/api/admin/partenaires/get/list/by/filters',
        query: {
          ...list({ date: '2025-01-01', nom: 'a', categorie: ['1'], statut: '1', actif: 'true', token: 'false' }),
          annee: '2025',
        },
      },
      { method: 'GET', url: '/api/admin/partenaire/export', query: { search: 'a', filter: { date: '2025-01-01' } } },
      { method: 'GET', url: '/api/admin/role/get/list/by/filters', query: list({ libelle: 'a' }) },
      { method: 'GET', url: '/api/admin/user/get/by/name', query: { name: 'a' } },
      { method: 'GET', url: `/api/admin/inscription/get/${inscriptionId}` },
      { method: 'PUT', url: `/api/admin/inscription/update/${inscriptionId}`, body: { statut: 1 } },
      { method: 'GET', url: `/api/admin/partenaire/get/${partenaireId}` },
      {
        method: 'PUT',
        url: `/api/admin/partenaire/update/${partenaireId}`,
        body: { partenaire: { ...validPartenaire(logo), statut: 1, actif: false, categorie: 1, filtre: 1 } },
      },
      {
        method: 'PUT',
        url: `/api/admin/partenaire/valid/update/${partenaireId}`,
        body: { partenaire: validPartenaire(logo) },
      },
      { method: 'GET', url: '/api/admin/role/get/2' },
      { method: 'PUT', url: '/api/admin/role/update/2', body: { agents: [1, 2] } },
      { method: 'PUT', url: '/api/admin/etudiants/update', body: { selection: [1, { id: 2 }], action: 'refuser' } },
    ];
    /** Every leaf of a template (body, query, numeric path segment) with a setter that swaps it. */
    type Slot = { name: string; build: (odd: unknown) => { url: string; payload?: object } };
    const slots = (tpl: Template): Slot[] => {
      const out: Slot[] = [];
      const walk = (node: unknown, path: (string | number)[], root: 'body' | 'query') => {
        if (node !== null && typeof node === 'object') {
          for (const [k, v] of Object.entries(node)) walk(v, [...path, Array.isArray(node) ? Number(k) : k], root);
          return;
        }
        out.push({
          name: `${root}.${path.join('.')}`,
          build: (odd) => {
            const copy = structuredClone(root === 'body' ? tpl.body : tpl.query) as Record<string | number, unknown>;
            let at = copy;
            for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, unknown>;
            // A query string carries text only.
            at[path[path.length - 1]] = root === 'query' ? String(odd) : odd;
            return root === 'body'
              ? { url: `${tpl.url}?${queryString(tpl.query ?? {})}`, payload: copy }
              : { url: `${tpl.url}?${queryString(copy)}`, payload: tpl.body };
          },
        });
      };
      if (tpl.body) walk(tpl.body, [], 'body');
      if (tpl.query) walk(tpl.query, [], 'query');
      const segments = tpl.url.split('/');
      segments.forEach((seg, i) => {
        if (!/^\d+$/.test(seg)) return;
        out.push({
          name: `chemin ${seg}`,
          build: (odd) => {
            const copy = [...segments];
            copy[i] = encodeAny(String(odd));
            return { url: `${copy.join('/')}?${queryString(tpl.query ?? {})}`, payload: tpl.body };
          },
        });
      });
      return out;
    };
    const odd = fc.oneof(anyText, anyNumber, anyDay, hostile);
    let requests = 0;
    for (const tpl of templates) {
      const all = slots(tpl);
      expect(all.length, tpl.url).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...all), odd, async (slot, v) => {
          const { url, payload } = slot.build(v);
          const before = await fingerprint(t);
          const res = await t.app.inject({
            method: tpl.method,
            url,
            headers: { cookie },
            ...(payload ? { payload } : {}),
          });
          requests++;
          const what = `${tpl.method} ${tpl.url} ${slot.name} = ${JSON.stringify(v)}`;
          expectSafe(res, what);
          if (res.statusCode >= 400) expect(await fingerprint(t), what).toBe(before);
        }),
        { numRuns: 40 },
      );
    }
    expect(requests).toBe(templates.length * 40);
  }, 300_000);

  it('répond 400 en français, sans rien changer, aux entrées trouvées à la main (issue 13)', async () => {
    const NUL = encodeURIComponent('a\u0000b');
    const logo = await uploadedLogo(t.app);
    await t.app.inject({ method: 'POST', url: '/api/partenaire/add', payload: validPartenaire(logo) });
    const full = { ...validPartenaire(logo), statut: 1, actif: false, categorie: null, filtre: null };
    type Case = readonly [method: 'GET' | 'PUT' | 'POST', url: string, payload: object | undefined, key: string];
    const cases: Case[] = [
      ...ADMIN_LISTS.map((l) => ['GET', `/api/admin/${l}?search=${NUL}`, undefined, 'search'] as const),
      ...DATED_LISTS.map((l) => ['GET', `/api/admin/${l}?filter[date]=2025-02-30`, undefined, 'date'] as const),
      ['GET', `/api/admin/inscriptions/get/list/by/filters?filter[nom]=${NUL}`, undefined, 'nom'],
      ['GET', `/api/admin/role/get/list/by/filters?filter[libelle]=${NUL}`, undefined, 'libelle'],
      ['GET', `/api/admin/user/get/by/name?name=${NUL}`, undefined, 'name'],
      ['GET', '/api/admin/inscription/get/9999999999', undefined, 'id'],
      ['GET', '/api/admin/partenaire/get/9999999999', undefined, 'id'],
      ['GET', '/api/admin/role/get/9999999999', undefined, 'id'],
      ['PUT', '/api/admin/role/update/9999999999', { agents: [] }, 'id'],
      ['PUT', '/api/admin/role/update/1', { agents: [9_999_999_999] }, 'agents'],
      ['PUT', '/api/admin/role/update/1', { agents: [2 ** 53] }, 'agents'],
      ['PUT', '/api/admin/etudiants/update', { selection: [9_999_999_999], action: 'valider' }, 'selection'],
      // A selected row's field is named by its own key, like a partner's fields.
      ['PUT', '/api/admin/etudiants/update', { selection: [{ id: 2 ** 53 }], action: 'refuser' }, 'id'],
      ['PUT', '/api/admin/partenaire/update/1', { partenaire: { ...full, categorie: 9_999_999_999 } }, 'categorie'],
      ['PUT', '/api/admin/partenaire/update/1', { partenaire: { ...full, filtre: 40_000 } }, 'filtre'],
      ['PUT', '/api/admin/partenaire/update/1', { partenaire: { ...full, nom: 'Vélo\u0000' } }, 'nom'],
      ['POST', '/api/partenaire/update/9999999999', { ...validPartenaire(logo), token: 'x' }, 'id'],
      ['POST', '/api/partenaire/valid/infos/9999999999', { token: 'x' }, 'id'],
      ['POST', '/api/partenaire/add', validPartenaire(logo, { presentation: 'Bonjour\u0000' }), 'presentation'],
      ['POST', '/api/partenaire/add', validPartenaire(logo, { nom: 'Vélo \ud800' }), 'nom'],
      [
        'POST',
        '/api/etudiant/add',
        { email: 'nul@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: 'x\u0000' },
        'adresse',
      ],
      ['POST', '/api/etudiant/add', { email: 'nul@example.fr', cp: '10000', ville: 'T\u0000', ecole: 'UTT' }, 'ville'],
      ['POST', '/api/login', { username: 'admin\u0000', password: 'x' }, 'username'],
    ];
    const inscription = validInscription();
    inscription.proprietaire.nom = 'Dupont\u0000';
    cases.push(['POST', '/api/inscription/add', inscription, 'nom']);
    for (const [method, url, payload, key] of cases) {
      const before = await fingerprint(t);
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const what = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80) ?? ''}`;
      expect(res.statusCode, `${what} → ${res.body}`).toBe(400);
      expectSafe(res, what);
      expect(
        res.json().errors.map((e: { key: string }) => e.key),
        what,
      ).toContain(key);
      expect(await fingerprint(t), what).toBe(before);
    }
  });

  it('refuse un identifiant de référence hors limites dans un filtre, liste comme export (trouvé par le test ci-dessus)', async () => {
    for (const path of DATED_LISTS) {
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
