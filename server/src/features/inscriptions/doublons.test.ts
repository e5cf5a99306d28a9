import { STATUT } from '@guichet/contract';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { type Seed, seedInscriptions } from './inscriptions.fixtures.ts';

onPgliteOnly('doublons des offres : dépôts et listes ordinaires');

const day = (d: number) => new Date(Date.UTC(2026, 9, d, 9));
/** A landlord of its own: nothing in common with any other seed unless a test says so. */
const landlord = (n: number, over: Record<string, string> = {}): Seed['proprietaire'] => ({
  nom: `PROPRIO${n}`,
  telephone: `06000000${String(n).padStart(2, '0')}`,
  email: `proprio${n}@example.fr`,
  adresse: `${n} rue des Tests`,
  cp: '10000',
  ...over,
});

/**
 * Offers named by what they share with « source » (pending, its phone typed with spaces as people
 * do): each criterion alone, two at once, a refused and an archived twin, a near miss.
 */
const SEEDS = {
  source: {
    proprietaire: landlord(1, {
      email: 'Marie.Dupont@Example.fr',
      telephone: '03 25 00 00 00',
      adresse: '8 Rue Emile Zola',
    }),
    statut: STATUT.enAttente,
  },
  memeEmail: { proprietaire: landlord(2, { email: 'marie.dupont@example.fr' }), statut: STATUT.valide },
  memeTelephone: { proprietaire: landlord(3, { telephone: '0325000000' }), statut: STATUT.enAttente },
  memeAdresse: { proprietaire: landlord(4, { adresse: '8 rue emile zola' }), statut: STATUT.valide },
  emailEtTelephone: {
    proprietaire: landlord(5, { email: 'MARIE.DUPONT@EXAMPLE.FR', telephone: '+33 3 25 00 00 00' }),
    statut: STATUT.enAttente,
  },
  refuse: { proprietaire: landlord(6, { email: 'marie.dupont@example.fr' }), statut: STATUT.refuse },
  archive: { proprietaire: landlord(7, { telephone: '03.25.00.00.00' }), statut: STATUT.archive },
  // The same street in another town: a different address.
  autreCp: { proprietaire: landlord(8, { adresse: '8 rue Emile Zola', cp: '10300' }), statut: STATUT.valide },
  seul: { proprietaire: landlord(9), statut: STATUT.valide },
} satisfies Record<string, Omit<Seed, 'date'>>;
type Key = keyof typeof SEEDS;

type Row = { id: number; nom: string; doublon: string[] };

describe(`inscriptions : doublon possible (${dbKind})`, () => {
  let t: TestApp;
  let staff: string;
  const id = {} as Record<Key, number>;
  beforeAll(async () => {
    t = await testApp();
    staff = (await t.agent(['ROLE_USER'])).cookie;
    const keys = Object.keys(SEEDS) as Key[];
    const ids = await seedInscriptions(
      t.database.db,
      keys.map((k, i) => ({ ...SEEDS[k], date: day(i + 1) })),
    );
    keys.forEach((k, i) => {
      id[k] = ids[i];
    });
  });
  afterAll(() => t.close());

  const list = async (params: object = {}) => {
    const res = await t.app.inject({
      url: `/api/admin/inscriptions/get/list/by/filters?${qs.stringify(params, { arrayFormat: 'brackets' })}`,
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    return res.json().inscriptions as Row[];
  };
  const flags = async (params: object = {}) =>
    Object.fromEntries((await list(params)).map((r) => [keyOf(r.id), r.doublon]));
  const keyOf = (n: number) => (Object.keys(id) as Key[]).find((k) => id[k] === n);
  const detail = async (key: Key) => {
    const res = await t.app.inject({ url: `/api/admin/inscription/get/${id[key]}`, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    return res.json().doublons as { id: number; par: string[] }[];
  };

  it('la liste signale chaque offre vivante qui partage un e-mail, un téléphone ou une adresse avec une autre', async () => {
    expect(await flags({ rowsPerPage: 20 })).toEqual({
      // Everything it shares with any of its twins.
      source: ['email', 'telephone', 'adresse'],
      memeEmail: ['email'],
      memeTelephone: ['telephone'],
      memeAdresse: ['adresse'],
      emailEtTelephone: ['email', 'telephone'],
      // A refused or archived offer is not flagged, and flags nobody.
      refuse: [],
      archive: [],
      autreCp: [],
      seul: [],
    });
  });

  it('la fiche d’une offre donne les autres offres et ce qu’elles partagent, sans elle-même', async () => {
    expect(await detail('source')).toEqual([
      { id: id.memeEmail, par: ['email'] },
      { id: id.memeTelephone, par: ['telephone'] },
      { id: id.memeAdresse, par: ['adresse'] },
      { id: id.emailEtTelephone, par: ['email', 'telephone'] },
    ]);
    // A twin points back to the offer, and to the other twins it shares something with.
    expect(await detail('memeTelephone')).toEqual([
      { id: id.source, par: ['telephone'] },
      { id: id.emailEtTelephone, par: ['telephone'] },
    ]);
    expect(await detail('seul')).toEqual([]);
    expect(await detail('autreCp')).toEqual([]);
    // A refused offer lists no twin either: it is out of the queue.
    expect(await detail('refuse')).toEqual([]);
  });

  it('le signal tient compte des offres hors de la page affichée', async () => {
    // One row on the page (filtered by name): its twins are elsewhere, the flag is still there.
    const rows = await list({ filter: { nom: 'PROPRIO3' } });
    expect(rows.map((r) => [r.nom, r.doublon])).toEqual([['PROPRIO3', ['telephone']]]);
    const page2 = await list({ rowsPerPage: 5, page: 1 });
    expect(page2.map((r) => keyOf(r.id))).toEqual(['memeAdresse', 'memeTelephone', 'memeEmail', 'source']);
    expect(page2.every((r) => r.doublon.length > 0)).toBe(true);
  });

  it('une offre archivée ou refusée cesse de signaler ses jumelles', async () => {
    const put = (key: Key, statut: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/inscription/update/${id[key]}`,
        headers: { cookie: staff },
        payload: { statut },
      });
    expect((await put('memeAdresse', STATUT.archive)).statusCode).toBe(200);
    expect((await flags({ rowsPerPage: 20 })).source).toEqual(['email', 'telephone']);
    expect((await put('memeAdresse', STATUT.valide)).statusCode).toBe(200);
    expect((await flags({ rowsPerPage: 20 })).source).toEqual(['email', 'telephone', 'adresse']);
  });
});
