import { INSCRIPTION_SORT_COLUMNS, MESSAGES, PROXIMITES } from '@guichet/contract';
import { eq, inArray } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { inscriptions } from '../../db/schema.ts';
import { type Seed, seedInscriptions } from './inscriptions.fixtures.ts';
import { validatedOffers } from './inscriptions.repository.ts';
import { createLandlordLink } from './landlord-links.ts';

/**
 * Seven offers whose text columns start with distinct ASCII letters in different orders, so every
 * sort has one expected order whatever the database collation.
 */
const SEEDS: (Seed & { key: Record<string, string> })[] = [
  [
    'ARNAUD',
    'Hélène',
    '0611111111',
    'c.arnaud@example.fr',
    'C 3 rue Urbain IV',
    '10000',
    'TROYES',
    2,
    '2024-03-10T23:30:00Z',
  ],
  [
    'BÉRARD',
    'Bruno',
    '0622222222',
    'a.berard@example.fr',
    'F 5 avenue Pasteur',
    '10300',
    'SAINTE-SAVINE',
    1,
    '2024-03-12T08:00:00Z',
  ],
  [
    'CARON',
    'Zoé',
    '0633333333',
    'g.caron@example.fr',
    'A 1 place Jean Moulin',
    '10000',
    'TROYES',
    3,
    '2024-03-11T09:00:00Z',
  ],
  [
    'DUVAL',
    'Marc',
    '0644444444',
    'b.duval@example.fr',
    'G 9 rue de la Paix',
    '10120',
    'SAINT-ANDRÉ-LES-VERGERS',
    2,
    '2024-03-09T10:00:00Z',
  ],
  [
    'ESNAULT',
    'Léa',
    '0655555555',
    'e.esnault@example.fr',
    'B Résidence "Les Tilleuls"; bât. B',
    '10000',
    'TROYES',
    4,
    '2024-03-13T11:00:00Z',
  ],
  ['FABRE', 'Ines', '0666666666', 'd.fabre@example.fr', 'E 2 rue Thiers', '10000', 'TROYES', 1, '2024-03-08T12:00:00Z'],
  [
    'GARNIER',
    'Yves',
    '0677777777',
    'f.garnier@example.fr',
    'D 4 quai Dampierre',
    '10000',
    'TROYES',
    1,
    '2024-03-14T13:00:00Z',
  ],
].map(([nom, prenom, telephone, email, adresse, cp, ville, statut, date]) => ({
  proprietaire: { nom, prenom, telephone, email, adresse, cp, ville } as Record<string, string>,
  date: new Date(date as string),
  statut: statut as number,
  key: { nom, prenom, telephone, email, adresse } as Record<string, string>,
}));

type Item = { id: number; date: string; nom: string; idStatut: number; statut: string };

describe(`inscriptions : administration (${dbKind})`, () => {
  let t: TestApp;
  let staff: string;
  let ids: number[];
  beforeAll(async () => {
    t = await testApp();
    staff = (await t.agent(['ROLE_USER'])).cookie;
    ids = await seedInscriptions(t.database.db, SEEDS);
  });
  afterAll(() => t.close());

  const list = async (params: object, cookie = staff) => {
    const res = await t.app.inject({
      url: `/api/admin/inscriptions/get/list/by/filters?${qs.stringify(params, { arrayFormat: 'brackets' })}`,
      headers: { cookie },
    });
    return res;
  };
  const noms = async (params: object) => ((await list(params)).json().inscriptions as Item[]).map((i) => i.nom);

  describe('accès', () => {
    const routes = [
      ['GET', '/api/admin/inscriptions/get/list/by/filters'],
      ['GET', '/api/admin/inscriptions/export'],
      ['GET', '/api/admin/inscription/get/1'],
      ['PUT', '/api/admin/inscription/update/1'],
    ] as const;

    it.each(routes)('%s %s : 401 sans session, 403 pour ROLE_ADMIN_ROLE seul', async (method, url) => {
      const anonymous = await t.app.inject({ method, url, payload: method === 'PUT' ? { statut: 2 } : undefined });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: MESSAGES.accesNonAutorise });
      const roles = await t.agent(['ROLE_ADMIN_ROLE']);
      const denied = await t.app.inject({
        method,
        url,
        headers: { cookie: roles.cookie },
        payload: method === 'PUT' ? { statut: 2 } : undefined,
      });
      expect(denied.statusCode).toBe(403);
    });

    it('ouvre la liste à ROLE_ADMIN comme à ROLE_USER', async () => {
      const admin = await t.agent(['ROLE_ADMIN']);
      expect((await list({}, admin.cookie)).statusCode).toBe(200);
      expect((await list({}, staff)).statusCode).toBe(200);
    });
  });

  describe('liste', () => {
    it('donne le compte et les éléments de la spécification, les plus récents d’abord', async () => {
      const res = await list({});
      expect(res.statusCode).toBe(200);
      const body = res.json() as { count: number; inscriptions: Item[] };
      expect(body.count).toBe(7);
      expect(body.inscriptions.map((i) => i.nom)).toEqual([
        'GARNIER',
        'ESNAULT',
        'BÉRARD',
        'CARON',
        'ARNAUD',
        'DUVAL',
        'FABRE',
      ]);
      expect(Object.keys(body.inscriptions[0]).sort()).toEqual(
        [
          'id',
          'date',
          'dateConfirmation',
          'nom',
          'prenom',
          'adresse',
          'cp',
          'ville',
          'telephone',
          'email',
          'idStatut',
          'statut',
          'doublon',
          'tempdata',
        ].sort(),
      );
      expect(body.inscriptions.find((i) => i.nom === 'CARON')).toMatchObject({
        date: '2024-03-11T09:00:00.000Z',
        idStatut: 3,
        statut: 'Refusé',
        prenom: 'Zoé',
      });
    });

    it('cherche sans tenir compte des accents ni de la casse', async () => {
      expect(await noms({ search: 'helene' })).toEqual(['ARNAUD']);
      expect(await noms({ search: 'berard' })).toEqual(['BÉRARD']);
      expect(await noms({ search: 'ANDRE-LES' })).toEqual(['DUVAL']);
      expect(await noms({ search: '0655' })).toEqual(['ESNAULT']);
      expect(await noms({ search: 'tilleuls' })).toEqual(['ESNAULT']);
      expect(await noms({ search: '%' })).toEqual([]);
      expect((await list({ search: 'introuvable' })).json()).toEqual({ count: 0, inscriptions: [] });
    });

    it('filtre par jour de Paris', async () => {
      // 2024-03-10T23:30Z is 11 March in Paris.
      expect(await noms({ filter: { date: '2024-03-11' } })).toEqual(['CARON', 'ARNAUD']);
      expect(await noms({ filter: { date: '2024-03-10' } })).toEqual([]);
      expect((await list({ filter: { date: '11/03/2024' } })).statusCode).toBe(400);
    });

    it.each([
      ['nom', 'bérard', ['BÉRARD']],
      ['nom', 'AR', ['GARNIER', 'BÉRARD', 'CARON', 'ARNAUD']],
      ['telephone', '0622', ['BÉRARD']],
      ['email', 'duval@', ['DUVAL']],
      ['adresse', 'pasteur', ['BÉRARD']],
      ['adresse', '10120', ['DUVAL']],
      ['adresse', 'sainte-savine', ['BÉRARD']],
    ])('filtre %s « %s »', async (name, value, expected) => {
      expect(await noms({ filter: { [name]: value } })).toEqual(expected);
    });

    it('filtre par statut, un ou plusieurs, et combine les filtres', async () => {
      expect(await noms({ filter: { statut: 2 } })).toEqual(['ARNAUD', 'DUVAL']);
      expect(await noms({ filter: { statut: [3, 4] } })).toEqual(['ESNAULT', 'CARON']);
      expect(await noms({ filter: { statut: 1, adresse: 'troyes' } })).toEqual(['GARNIER', 'FABRE']);
      expect((await list({ filter: { statut: 'x' } })).statusCode).toBe(400);
    });

    it.each(INSCRIPTION_SORT_COLUMNS.flatMap((c) => [[c, 'asc'] as const, [c, 'desc'] as const]))(
      'trie par %s %s',
      async (name, direction) => {
        const res = await list({ sort: { name, direction } });
        expect(res.statusCode).toBe(200);
        const expected = SEEDS.map((s, i) => ({ s, id: ids[i] }))
          .sort((a, b) => {
            const [x, y] =
              // Seeded offers were never validated nor confirmed: their deposit is their last confirmation.
              name === 'date' || name === 'dateConfirmation'
                ? [a.s.date.getTime(), b.s.date.getTime()]
                : name === 'statut'
                  ? [(a.s.statut ?? 0) * 1000 + a.id, (b.s.statut ?? 0) * 1000 + b.id]
                  : [a.s.key[name], b.s.key[name]];
            const cmp = x < y ? -1 : x > y ? 1 : 0;
            return direction === 'asc' ? cmp : -cmp;
          })
          .map((e) => e.id);
        expect((res.json().inscriptions as Item[]).map((i) => i.id)).toEqual(expected);
      },
    );

    it('filtre les vérifications « à confirmer » et « expirée », trie par dernière confirmation', async () => {
      const set = (i: number, values: Partial<typeof inscriptions.$inferInsert>) =>
        t.database.db.update(inscriptions).set(values).where(eq(inscriptions.id, ids[i]));
      // ARNAUD (validated) awaits an answer; CARON, archived unanswered; ESNAULT archived as let.
      await set(0, {
        dateConfirmation: new Date('2025-01-05T10:00:00Z'),
        dateRelance: new Date('2025-02-04T10:00:00Z'),
      });
      await set(2, { statutId: 4, motifArchivage: 'expiree' });
      await set(4, { statutId: 4, motifArchivage: 'loue' });
      try {
        expect(await noms({ filter: { verification: 'a_confirmer' } })).toEqual(['ARNAUD']);
        expect(await noms({ filter: { verification: 'expiree' } })).toEqual([SEEDS[2].key.nom]);
        expect((await list({ filter: { verification: 'oui' } })).statusCode).toBe(400);
        const rows = (await list({ sort: { name: 'dateConfirmation', direction: 'desc' } })).json()
          .inscriptions as (Item & { dateConfirmation: string })[];
        expect(rows[0]).toMatchObject({ nom: 'ARNAUD', dateConfirmation: '2025-01-05T10:00:00.000Z' });
        // The CSV follows the filter.
        const csv = await t.app.inject({
          url: `/api/admin/inscriptions/export?${qs.stringify({ filter: { verification: 'a_confirmer' } })}`,
          headers: { cookie: staff },
        });
        expect(csv.statusCode).toBe(200);
        expect(csv.body.trim().split('\r\n')).toHaveLength(2);
      } finally {
        await set(0, { dateConfirmation: null, dateRelance: null });
        await set(2, { statutId: SEEDS[2].statut, motifArchivage: null });
        await set(4, { statutId: SEEDS[4].statut, motifArchivage: null });
      }
    });

    it('refuse une colonne de tri inconnue et une taille de page hors liste', async () => {
      const res = await list({ sort: { name: 'password', direction: 'asc' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key: 'sort', error: expect.any(String) }]);
      expect((await list({ sort: { name: 'ville' } })).statusCode).toBe(400);
      expect((await list({ rowsPerPage: 7 })).statusCode).toBe(400);
    });

    it('pagine côté serveur en gardant le compte total', async () => {
      const all = (await list({ rowsPerPage: 10 })).json().inscriptions.map((i: Item) => i.id);
      const p0 = (await list({ rowsPerPage: 5, page: 0 })).json();
      const p1 = (await list({ rowsPerPage: 5, page: 1 })).json();
      expect(p0.count).toBe(7);
      expect(p1.count).toBe(7);
      expect(p0.inscriptions).toHaveLength(5);
      expect(p1.inscriptions).toHaveLength(2);
      expect([...p0.inscriptions, ...p1.inscriptions].map((i: Item) => i.id)).toEqual(all);
      expect((await list({ rowsPerPage: 5, page: 2 })).json()).toEqual({ count: 7, inscriptions: [] });
    });
  });

  describe('export CSV', () => {
    const exportCsv = (params: object = {}) =>
      t.app.inject({
        url: `/api/admin/inscriptions/export?${qs.stringify(params, { arrayFormat: 'brackets' })}`,
        headers: { cookie: staff },
      });

    it('écrit un fichier UTF-8 avec BOM, « ; », CRLF, en-têtes français et une ligne par offre', async () => {
      const res = await exportCsv();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('filename="inscriptions_logement.csv"');
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.slice(0, -2).split('\r\n');
      expect(lines).toHaveLength(1 + 7);
      expect(lines[0]).toBe(
        [
          'Numéro',
          'Date',
          'Confirmée le',
          'Statut',
          'Nom',
          'Prénom',
          'Téléphone',
          'Adresse de courriel',
          'Adresse du logement',
          'Code postal',
          'Ville',
          'Proximité',
          'Type de logement',
          'Colocation',
          'Logement situé dans un immeuble',
          'Étage',
          'Surface',
          'Chauffage',
          'Loyer hors charges',
          'Charges mensuelles (en euros)',
          'Équipement',
          'Informations sur le logement',
          'Ascenseur',
          'Parking voiture',
          'Type de parking',
          'Local vélo',
          'Éligible aux aides au logement (CAF)',
        ].join(';'),
      );
      // Default order: newest first; GARNIER (14 March 14:00 in Paris) leads.
      expect(lines[1]).toBe(
        [
          ids[6],
          '14/03/2024 14:00:00',
          // Not published: no confirmation date.
          '',
          'En attente',
          'GARNIER',
          'Yves',
          '06 77 77 77 77',
          'f.garnier@example.fr',
          'D 4 quai Dampierre',
          '10000',
          'TROYES',
          'Secteur Centre-ville Troyes - Gare',
          'Studio',
          'Non',
          'Oui',
          '2ème étage',
          'Entre 20 et 25 m²',
          'Collectif',
          'Entre 300 et 350 euros',
          '45,50',
          'Meublé',
          'Logement ancien',
          'Oui',
          'Oui',
          'Privatif',
          'Non',
          'Oui',
        ].join(';'),
      );
      // « Confirmée le » only for published offers (ARNAUD); a refused or archived one has none.
      const confirmee = (nom: string) => lines.find((l) => l.includes(`;${nom};`))?.split(';')[2];
      expect(confirmee('ARNAUD')).toBe('11/03/2024 00:30:00');
      expect(confirmee('ESNAULT')).toBe('');
      expect(confirmee('CARON')).toBe('');
      // A value holding ';' and '"' is quoted, its quotes doubled.
      expect(lines.find((l) => l.includes('ESNAULT'))).toContain(';"B Résidence ""Les Tilleuls""; bât. B";');
    });

    it('suit la recherche, les filtres et le tri de la liste', async () => {
      const res = await exportCsv({
        search: 'troyes',
        filter: { statut: [1, 4] },
        sort: { name: 'nom', direction: 'asc' },
      });
      const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines.slice(1).map((l) => l.split(';')[4])).toEqual(['ESNAULT', 'FABRE', 'GARNIER']);
      expect((await exportCsv({ sort: { name: 'inconnue' } })).statusCode).toBe(400);
    });
  });

  describe('fiche et statut', () => {
    const get = (id: number | string) =>
      t.app.inject({ url: `/api/admin/inscription/get/${id}`, headers: { cookie: staff } });
    const update = (id: number | string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/inscription/update/${id}`, headers: { cookie: staff }, payload });

    it('donne toutes les données du propriétaire et du logement', async () => {
      const res = await get(ids[0]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: ids[0],
        date: '2024-03-10T23:30:00.000Z',
        idStatut: 2,
        statut: 'Validé',
        // Seeded without a validation date: the deposit is its last confirmation.
        dateConfirmation: '2024-03-10T23:30:00.000Z',
        motifArchivage: null,
        motifArchivageTexte: null,
        historique: [],
        // No other live offer shares its landlord's e-mail, phone or address.
        doublons: [],
        tempdata: null,
        version: expect.any(String),
        proprietaire: {
          nom: 'ARNAUD',
          prenom: 'Hélène',
          telephone: '0611111111',
          email: 'c.arnaud@example.fr',
          adresse: 'C 3 rue Urbain IV',
          cp: '10000',
          ville: 'TROYES',
        },
        logement: {
          proximite: 'Secteur Centre-ville Troyes - Gare',
          type: 'Studio',
          colocation: 'Non',
          immeuble: 'Oui',
          etage: '2ème étage',
          surface: 'Entre 20 et 25 m²',
          chauffage: 'Collectif',
          loyer: 'Entre 300 et 350 euros',
          charges: '45.50',
          equipement: 'Meublé',
          infoLogement: 'Logement ancien',
          ascenceur: true,
          parking: 'Oui',
          typeParking: 'Privatif',
          localVelo: false,
          caf: 'Oui',
        },
      });
    });

    it('donne l’historique, le plus ancien d’abord, la dernière confirmation et le motif d’archivage', async () => {
      const [loue, refuse] = await seedInscriptions(t.database.db, [
        { ...SEEDS[5], proprietaire: { ...SEEDS[5].proprietaire, nom: 'HISTOIRE' } },
        { ...SEEDS[6], proprietaire: { ...SEEDS[6].proprietaire, nom: 'REFUS' } },
      ]);
      try {
        const before = Date.now();
        expect((await update(loue, { statut: 2 })).statusCode).toBe(200);
        const token = await createLandlordLink(t.database.db, loue, new Date());
        const words = 'Loué à une étudiante de l’UTT.';
        const act = await t.app.inject({
          method: 'POST',
          url: `/api/logement/${token}/loue`,
          payload: { motif: words },
        });
        expect(act.statusCode).toBe(200);
        const fiche = (await get(loue)).json();
        expect(fiche).toMatchObject({
          idStatut: 4,
          statut: 'Archivé',
          motifArchivage: 'loue',
          motifArchivageTexte: words,
          historique: [
            { type: 'validee', detail: null },
            { type: 'louee', detail: words },
          ],
        });
        const [validee, louee] = fiche.historique.map((e: { date: string }) => Date.parse(e.date));
        expect(validee).toBeGreaterThanOrEqual(before - 1000);
        expect(louee).toBeGreaterThanOrEqual(validee);
        // Staff's validation is the last confirmation the offer had (« loué » confirms nothing).
        expect(Math.abs(Date.parse(fiche.dateConfirmation) - validee)).toBeLessThan(1000);
        expect(Date.parse(fiche.dateConfirmation)).toBeLessThanOrEqual(louee);

        expect((await update(refuse, { statut: 3, motif: 'Adresse incomplète.' })).statusCode).toBe(200);
        expect((await get(refuse)).json()).toMatchObject({
          idStatut: 3,
          motifArchivage: null,
          historique: [{ type: 'refusee', detail: 'Adresse incomplète.' }],
        });
      } finally {
        await t.database.db.delete(inscriptions).where(inArray(inscriptions.id, [loue, refuse]));
      }
    });

    it('répond 404 « Inscription introuvable. » pour un numéro inconnu, 400 pour un numéro invalide', async () => {
      const res = await get(999_999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', message: MESSAGES.inscriptionIntrouvable });
      expect((await get('abc')).statusCode).toBe(400);
    });

    /** An offer of the test's own, gone when it ends: the seeds stay as the list's tests read them. */
    const ownOffer = async (nom: string) => {
      const [id] = await seedInscriptions(t.database.db, [
        { ...SEEDS[5], proprietaire: { ...SEEDS[5].proprietaire, nom } },
      ]);
      onTestFinished(async () => {
        await t.database.db.delete(inscriptions).where(eq(inscriptions.id, id));
      });
      return id;
    };

    it('change le statut et le relit', async () => {
      const id = await ownOffer('RELU');
      const res = await update(id, { statut: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: MESSAGES.enregistrementReussi });
      expect((await get(id)).json()).toMatchObject({ idStatut: 2, statut: 'Validé' });
    });

    it('date la confirmation de l’offre à chaque passage à « Validé », et la garde sinon', async () => {
      const id = await ownOffer('DATÉE');
      const dateValidation = async () =>
        (
          await t.database.db
            .select({ d: inscriptions.dateValidation })
            .from(inscriptions)
            .where(eq(inscriptions.id, id))
        )[0].d;
      const before = Date.now();
      await update(id, { statut: 2 });
      const first = await dateValidation();
      expect(first?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(first?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      // Archiving keeps the date of the last confirmation.
      await update(id, { statut: 4 });
      expect(await dateValidation()).toEqual(first);
      // Validating again (staff checked with the landlord) confirms it anew. The first date is moved
      // a day back, so the new one differs from it however fast the two saves follow each other.
      const dayBefore = new Date((first?.getTime() ?? 0) - 86_400_000);
      await t.database.db.update(inscriptions).set({ dateValidation: dayBefore }).where(eq(inscriptions.id, id));
      await update(id, { statut: 2 });
      expect((await dateValidation())?.getTime()).toBeGreaterThanOrEqual(first?.getTime() ?? 0);
    });

    it.each([{ statut: 0 }, { statut: 5 }, { statut: 'validé' }, {}])(
      'refuse le statut %o sans rien changer',
      async (body) => {
        const res = await update(ids[1], body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ key: 'statut', error: 'Veuillez choisir un statut.' }]);
        expect((await get(ids[1])).json().idStatut).toBe(1);
      },
    );

    it('répond 404 pour la mise à jour d’un numéro inconnu', async () => {
      const res = await update(999_999, { statut: 2 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.inscriptionIntrouvable);
    });
  });

  describe('offres validées (liste envoyée aux étudiants)', () => {
    it('donne les offres au statut 2, par secteur dans l’ordre de l’assistant puis les plus récentes', async () => {
      const extra = await seedInscriptions(t.database.db, [
        {
          proprietaire: { nom: 'HAMON' },
          logement: { proximite: PROXIMITES[5] },
          date: new Date('2024-04-01'),
          statut: 2,
        },
        {
          proprietaire: { nom: 'IMBERT' },
          logement: { proximite: PROXIMITES[1] },
          date: new Date('2024-04-02'),
          statut: 2,
        },
        {
          proprietaire: { nom: 'JOLY' },
          logement: { proximite: PROXIMITES[1] },
          date: new Date('2024-04-03'),
          statut: 3,
        },
      ]);
      try {
        const offers = await validatedOffers(t.database.db);
        expect(offers.map((o) => [o.nom, o.proximite])).toEqual([
          ['ARNAUD', PROXIMITES[0]],
          ['DUVAL', PROXIMITES[0]],
          ['IMBERT', PROXIMITES[1]],
          ['HAMON', PROXIMITES[5]],
        ]);
        expect(offers[0]).toMatchObject({
          email: 'c.arnaud@example.fr',
          charges: '45.50',
          ascenceur: true,
          idStatut: 2,
        });
      } finally {
        await t.database.db.delete(inscriptions).where(inArray(inscriptions.id, extra));
      }
    });
  });
});
