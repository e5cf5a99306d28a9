import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../test/harness.ts';
import { categories, etudiants, inscriptions, partenaires, roles } from './db/schema.ts';
import { storedOffer } from './features/inscriptions/inscriptions.fixtures.ts';

/**
 * Every admin list with search, a filter and a sort together, on a later page and past the end,
 * and its export with the same query: the rows a person sees on page 2 are the ones the
 * combination selects, in order, and the export carries exactly all of them.
 */
const N = 60;
const range = Array.from({ length: N }, (_, k) => k + 1);
const pad = (i: number) => String(i).padStart(2, '0');
/** Day i of 2025 at noon, Paris: date order is i order. */
const day = (i: number) => new Date(Date.UTC(2025, 0, i, 11));
/** The rows both the search and the filter select below: odd i that are multiples of 3. */
const selected = range.filter((i) => i % 2 === 1 && i % 3 === 0);

describe(`listes d'administration : recherche, filtre, tri et pages ensemble (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_ADMIN'])).cookie;
  });
  afterAll(() => t?.close());

  const get = (url: string, query: object) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/${url}?${qs.stringify(query, { arrayFormat: 'brackets' })}`,
      headers: { cookie },
    });
  /** The data lines of a CSV export (after the BOM and the header). */
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);

  /**
   * Pages 0, 1 and 2 of five rows (2 is past the end of the ten selected rows), then the export:
   * each compared with `expected`, the selected keys in the order of the sort.
   */
  async function checkPaging(
    list: string,
    exportUrl: string | undefined,
    query: object,
    key: (row: Record<string, unknown>) => string,
    field: string,
    expected: string[],
  ) {
    expect(expected).toHaveLength(10);
    for (const page of [0, 1, 2]) {
      const res = await get(list, { ...query, page, rowsPerPage: 5 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.count, `page ${page}`).toBe(10);
      expect((body[field] as Record<string, unknown>[]).map(key), `page ${page}`).toEqual(
        expected.slice(page * 5, page * 5 + 5),
      );
    }
    // All on one page: the page, not full, gives the count by itself.
    const one = await get(list, { ...query, page: 0, rowsPerPage: 20 });
    expect(one.json().count).toBe(10);
    expect((one.json()[field] as Record<string, unknown>[]).map(key)).toEqual(expected);
    // Far past the end: still an empty page with the count, not an error.
    const far = await get(list, { ...query, page: 1000, rowsPerPage: 100 });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual({ count: 10, [field]: [] });
    if (!exportUrl) return;
    const csv = await get(exportUrl, query);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(10);
    lines.forEach((line, n) => {
      expect(line, `ligne ${n + 1}`).toContain(`;${expected[n]};`);
    });
  }

  it('inscriptions : « lilas » parmi les offres validées, par date décroissante', async () => {
    // Odd i live rue des Lilas, multiples of 3 are validated: the other rows match one criterion only.
    await t.database.db.insert(inscriptions).values(
      range.map((i) =>
        storedOffer(i % 3 === 0 ? 2 : 1, `NOM${pad(i)}`, {
          email: `proprietaire${pad(i)}@example.fr`,
          adresse: i % 2 ? `${i} rue des Lilas` : `${i} avenue Foch`,
          date: day(i),
        }),
      ),
    );
    const query = { search: 'lilas', filter: { statut: [2] }, sort: { name: 'date', direction: 'desc' } };
    const expected = [...selected].reverse().map((i) => `proprietaire${pad(i)}@example.fr`);
    await checkPaging(
      'inscriptions/get/list/by/filters',
      'inscriptions/export',
      query,
      (r) => String(r.email),
      'inscriptions',
      expected,
    );
    // The search alone: 30 offers, 20 a page; the last page (not full) and past it say 30 too.
    for (const [page, rows] of [
      [0, 20],
      [1, 10],
      [2, 0],
    ]) {
      const res = await get('inscriptions/get/list/by/filters', { search: 'lilas', page, rowsPerPage: 20 });
      expect({ page, count: res.json().count, rows: res.json().inscriptions.length }).toEqual({
        page,
        count: 30,
        rows,
      });
    }
    const none = await get('inscriptions/get/list/by/filters', { search: 'zorglub', filter: { statut: [2] } });
    expect(none.json()).toEqual({ count: 0, inscriptions: [] });
  });

  it('demandes étudiants : « troyes » parmi les demandes pour l’UTT, par adresse de courriel', async () => {
    await t.database.db.insert(etudiants).values(
      range.map((i) => ({
        email: `etudiant${pad(i)}@example.fr`,
        cp: '10000',
        ville: i % 2 ? 'TROYES' : 'SAINTE-SAVINE',
        ecole: i % 3 === 0 ? 'UTT' : 'IUT',
        date: day(i),
      })),
    );
    const query = { search: 'troyes', filter: { ecole: 'UTT' }, sort: { name: 'email', direction: 'asc' } };
    const expected = selected.map((i) => `etudiant${pad(i)}@example.fr`);
    await checkPaging(
      'etudiants/get/list/by/filters',
      'etudiants/export',
      query,
      (r) => String(r.email),
      'etudiants',
      expected,
    );
  });

  it('partenaires : « zorglub » parmi les partenaires actifs, par nom décroissant', async () => {
    const [categorie] = await t.database.db.select({ id: categories.id }).from(categories).limit(1);
    await t.database.db.insert(partenaires).values(
      range.map((i) => ({
        date: day(i),
        nom: i % 2 ? `Zorglub ${pad(i)}` : `Champignac ${pad(i)}`,
        lien: `https://partenaire${pad(i)}.example.fr`,
        lienOffres: `https://partenaire${pad(i)}.example.fr/etudiants`,
        presentation: 'Présentation.',
        logo: 'logo.png',
        nomComplet: `Association ${pad(i)}`,
        adresse: '1 rue de la Paix',
        cp: '10000',
        ville: 'TROYES',
        telephone: '0325000000',
        mail: `contact${pad(i)}@example.fr`,
        civiliteR: 'Madame',
        nomR: 'Martin',
        prenomR: 'Claire',
        fonctionR: 'Présidente',
        telephoneR: '0612345678',
        mailR: `representant${pad(i)}@example.fr`,
        statutId: 2,
        categorieId: categorie.id,
        actif: i % 3 === 0,
      })),
    );
    const query = { search: 'zorglub', filter: { actif: 'true' }, sort: { name: 'nom', direction: 'desc' } };
    const expected = [...selected].reverse().map((i) => `Zorglub ${pad(i)}`);
    await checkPaging(
      'partenaires/get/list/by/filters',
      'partenaire/export',
      query,
      (r) => String(r.nom),
      'partenaires',
      expected,
    );
  });

  it('rôles : « gestion » et le filtre de libellé « lot », par libellé décroissant', async () => {
    // Roles beyond the three of the portal, so that the list has pages (it has no export).
    await t.database.db.insert(roles).values(
      range.map((i) => ({
        code: `ROLE_TEST_${pad(i)}`,
        libelle: `${i % 2 ? 'Gestion' : 'Lecture'} ${i % 3 === 0 ? 'lot' : 'seul'} ${pad(i)}`,
      })),
    );
    const query = { search: 'gestion', filter: { libelle: 'lot' }, sort: { name: 'libelle', direction: 'desc' } };
    const expected = [...selected].reverse().map((i) => `Gestion lot ${pad(i)}`);
    await checkPaging('role/get/list/by/filters', undefined, query, (r) => String(r.libelle), 'roles', expected);
  });
});
