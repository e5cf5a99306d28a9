import type { PARTENAIRE_LIST_COLUMNS } from '@guichet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { categories, partenaires } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { validPartenaire } from './partenaires.fixtures.ts';

type Seed = {
  key: string;
  nom: string;
  lien: string;
  categorie: string | null;
  statut: number;
  actif: boolean;
  date: string;
  dateLastUpdate?: string;
  tempdata?: boolean;
  token?: boolean;
};

/**
 * Six partners whose sorted columns start with distinct ASCII letters in different orders, so each
 * sort has one expected order whatever the collation. C is 2023-12-31 in UTC but 2024-01-01 in Paris.
 */
const SEEDS: Seed[] = [
  {
    key: 'A',
    nom: 'Atelier Énergie',
    lien: 'https://d-atelier.fr',
    categorie: 'Logement',
    statut: 2,
    actif: true,
    date: '2024-03-10T10:00:00Z',
  },
  {
    key: 'B',
    nom: 'Bibliothèque Ouverte',
    lien: 'https://a-biblio.fr',
    categorie: 'Culture et loisirs',
    statut: 1,
    actif: false,
    date: '2024-06-01T22:30:00Z',
    dateLastUpdate: '2025-02-01T10:00:00Z',
    tempdata: true,
  },
  {
    key: 'C',
    nom: 'Cantine Solidaire',
    lien: 'https://f-cantine.fr',
    categorie: null,
    statut: 3,
    actif: false,
    date: '2023-12-31T23:30:00Z',
    token: true,
  },
  {
    key: 'D',
    nom: 'Dojo Universitaire',
    lien: 'https://b-dojo.fr',
    categorie: 'Sport',
    statut: 2,
    actif: false,
    date: '2023-05-05T08:00:00Z',
    dateLastUpdate: '2024-11-11T09:00:00Z',
  },
  {
    key: 'E',
    nom: 'Espace Santé',
    lien: 'https://e-sante.fr',
    categorie: 'Santé et social',
    statut: 4,
    actif: true,
    date: '2022-01-01T12:00:00Z',
  },
  {
    key: 'F',
    nom: 'Forum Emploi',
    lien: 'https://c-forum.fr',
    categorie: 'Emploi et orientation',
    statut: 2,
    actif: true,
    date: '2025-09-01T07:00:00Z',
    tempdata: true,
    token: true,
  },
];

describe(`partenaires : liste d’administration et export (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, number> = {};
  const keyOf: Record<number, string> = {};
  const categorieId: Record<string, number> = {};

  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_USER'])).cookie;
    for (const c of await t.app.db.select().from(categories)) categorieId[c.libelle] = c.id;
    for (const s of SEEDS) {
      const fields = validPartenaire('0123456789abcdef0123456789abcdef.png', { nom: s.nom, lien: s.lien });
      const [row] = await t.app.db
        .insert(partenaires)
        .values({
          ...(fields as Required<typeof fields> & { civiliteR: string }),
          ville: 'TROYES',
          nom: s.nom,
          lien: s.lien,
          statutId: s.statut,
          actif: s.actif,
          categorieId: s.categorie ? categorieId[s.categorie] : null,
          date: new Date(s.date),
          dateLastUpdate: s.dateLastUpdate ? new Date(s.dateLastUpdate) : null,
          tempdata: s.tempdata ? { nom: `${s.nom} (proposé)` } : null,
          tokenHash: s.token ? hashToken(`jeton-${s.key}`) : null,
          tokenSentAt: s.token ? new Date() : null,
        })
        .returning({ id: partenaires.id });
      ids[s.key] = row.id;
      keyOf[row.id] = s.key;
    }
  });
  afterAll(() => t.close());

  async function list(query: string) {
    const res = await t.app.inject({ url: `/api/admin/partenaires/get/list/by/filters?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; partenaires: { id: number }[] };
    return { ...body, keys: body.partenaires.map((p) => keyOf[p.id]).join('') };
  }

  it('donne une page triée par date décroissante par défaut, avec les colonnes de la liste', async () => {
    const res = await list('');
    expect(res.count).toBe(6);
    expect(res.keys).toBe('FBACDE');
    expect(res.partenaires[0]).toEqual({
      id: ids.F,
      tempdata: true,
      token: true,
      // A link mailed and not used.
      renouvellement: 'sansReponse',
      date: '2025-09-01T07:00:00.000Z',
      dateLastUpdate: null,
      nom: 'Forum Emploi',
      lien: 'https://c-forum.fr',
      categorie: 'Emploi et orientation',
      idCategorie: categorieId['Emploi et orientation'],
      statut: 'Validé',
      idStatut: 2,
      actif: true,
      // Its proposed changes wait; neither answered nor updated: dated by its registration.
      enAttenteDepuis: '2025-09-01T07:00:00.000Z',
      // No renewal mail failed.
      courrielEchec: null,
      // Every seed has the fixture's contact e-mail: the live ones are possible duplicates.
      doublon: ['email'],
    });
    // No private field, no token, no proposal in a list row.
    expect(JSON.stringify(res.partenaires)).not.toMatch(/claire|jeton|proposé|mailR/i);
    const page = await list('rowsPerPage=5&page=1');
    expect(page).toMatchObject({ count: 6, keys: 'E' });
  });

  it('trie sur chaque colonne de la liste, dans les deux sens', async () => {
    const expected: Record<(typeof PARTENAIRE_LIST_COLUMNS)[number], string> = {
      tempdata: 'ACDEBF',
      token: 'ABDECF',
      date: 'EDCABF',
      // Without a last update, a row comes after the dated ones (then by id).
      dateLastUpdate: 'DBACEF',
      nom: 'ABCDEF',
      lien: 'BDFAEC',
      categorie: 'BFAEDC',
      statut: 'BADFCE',
      actif: 'BCDAEF',
    };
    for (const [name, keys] of Object.entries(expected)) {
      expect((await list(`sort[name]=${name}&sort[direction]=asc`)).keys, name).toBe(keys);
    }
    expect((await list('sort[name]=nom&sort[direction]=desc')).keys).toBe('FEDCBA');
    expect((await list('sort[name]=lien&sort[direction]=desc')).keys).toBe('CEAFDB');
  });

  it('refuse une colonne de tri inconnue et une taille de page hors liste', async () => {
    for (const q of ['sort[name]=mail', 'sort[name]=token_hash', 'rowsPerPage=7', 'annee=abc', 'filter[actif]=oui']) {
      const res = await t.app.inject({ url: `/api/admin/partenaires/get/list/by/filters?${q}`, headers: { cookie } });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('filtre sur données à valider, mail envoyé, date (jour de Paris), nom, catégorie, statut, activé', async () => {
    const cases: [string, string][] = [
      ['filter[tempdata]=true', 'FB'],
      ['filter[tempdata]=false', 'ACDE'],
      ['filter[token]=true', 'FC'],
      ['filter[token]=false', 'BADE'],
      ['filter[date]=2024-06-02', 'B'],
      ['filter[date]=2024-01-01', 'C'],
      ['filter[nom]=sante', 'E'],
      ['filter[nom]=ESPACE', 'E'],
      [`filter[categorie]=${categorieId.Sport}`, 'D'],
      ['filter[statut]=2', 'FAD'],
      ['filter[statut][]=1&filter[statut][]=3', 'BC'],
      ['filter[actif]=false', 'BCD'],
      ['filter[actif]=true&filter[statut]=2', 'FA'],
    ];
    for (const [q, keys] of cases) expect((await list(q)).keys, q).toBe(keys);
  });

  it('cherche sans tenir compte des accents ni de la casse dans nom, site, catégorie et statut', async () => {
    expect((await list('search=energie')).keys).toBe('A');
    expect((await list('search=BIBLIOTHEQUE')).keys).toBe('B');
    expect((await list('search=sport')).keys).toBe('D');
    expect((await list('search=valide')).keys).toBe('FAD');
    expect((await list('search=b-dojo')).keys).toBe('D');
    expect((await list('search=100%25')).keys).toBe('');
  });

  it('limite à une année civile (inscrits ou mis à jour cette année-là, à Paris)', async () => {
    expect((await list('annee=2024')).keys).toBe('BACD');
    expect((await list('annee=2023')).keys).toBe('D');
    expect((await list('annee=2025')).keys).toBe('FB');
    expect((await list('annee=2022')).keys).toBe('E');
    expect((await list('annee=2021')).count).toBe(0);
    expect((await list('annee=2024&filter[statut]=2&sort[name]=nom&sort[direction]=asc')).keys).toBe('AD');
  });

  it('exporte inscriptions_partenaires.csv : BOM, « ; », CRLF, en-têtes français, année, filtres et tri', async () => {
    const res = await t.app.inject({
      url: '/api/admin/partenaire/export?annee=2024&filter[statut]=2&sort[name]=nom&sort[direction]=desc&page=3',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="inscriptions_partenaires.csv"; filename*=UTF-8''inscriptions_partenaires.csv`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(lines[0]).toBe(
      [
        'Numéro',
        "Date d'inscription",
        'Dernière mise à jour',
        'Données à valider',
        'Mail envoyé',
        'Renouvellement',
        'Statut',
        'Activé',
        'Catégorie',
        'Filtre',
        'Type de partenaire',
        'Nom',
        'Site web',
        'Lien des offres',
        'Présentation',
        'Raison sociale',
        'Adresse',
        'Code postal',
        'Ville',
        'Téléphone',
        'Mail',
        'Civilité du représentant',
        'Nom du représentant',
        'Prénom du représentant',
        'Fonction du représentant',
        'Téléphone du représentant',
        'Mail du représentant',
      ].join(';'),
    );
    expect(lines).toHaveLength(4);
    const [d, a] = [lines[1].split(';'), lines[2].split(';')];
    expect(d.slice(0, 13)).toEqual([
      String(ids.D),
      '05/05/2023 10:00:00',
      '11/11/2024',
      'Non',
      'Non',
      '—',
      'Validé',
      'Inactif',
      'Sport',
      '',
      'Guichet unique étudiant',
      'Dojo Universitaire',
      'https://b-dojo.fr',
    ]);
    expect(a.slice(0, 3)).toEqual([String(ids.A), '10/03/2024 11:00:00', '']);
    expect(a.slice(-8)).toEqual([
      '03 25 00 00 01',
      'contact@velo-campus.fr',
      'Madame',
      'Martin',
      'Claire',
      'Présidente',
      '06 12 34 56 78',
      'claire.martin@velo-campus.fr',
    ]);
    expect(text).not.toContain('jeton');
  });
});
