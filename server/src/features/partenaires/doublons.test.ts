import { type PartenaireFieldsInput, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { partenaires } from '../../db/schema.ts';
import { adminPut, register } from './partenaires.fixtures.ts';

onPgliteOnly('doublons des partenaires : inscriptions et listes ordinaires');

/**
 * Registrations named by what they share with « source » (a pending registration whose name was
 * typed with spaces around it): the name in another case, the e-mail in another case, a refused and
 * an archived namesake, a name that only contains it.
 */
const SEEDS = {
  source: { nom: '  Vélo Campus ', mail: 'contact@velo-campus.fr', statut: STATUT.enAttente },
  memeNom: { nom: 'VÉLO CAMPUS', mail: 'bonjour@cyclotroyes.fr', statut: STATUT.valide },
  memeEmail: { nom: 'Cycles de Troyes', mail: 'Contact@Velo-Campus.FR', statut: STATUT.enAttente },
  refuse: { nom: 'vélo campus', mail: 'refus@example.fr', statut: STATUT.refuse },
  archive: { nom: 'Ancien Vélo', mail: 'contact@velo-campus.fr', statut: STATUT.archive },
  nomProche: { nom: 'Vélo Campus Troyes', mail: 'vct@example.fr', statut: STATUT.valide },
  seul: { nom: 'Dojo Universitaire', mail: 'dojo@example.fr', statut: STATUT.enAttente },
} satisfies Record<string, Partial<PartenaireFieldsInput> & { statut: number }>;
type Key = keyof typeof SEEDS;

describe(`partenaires : doublon possible (${dbKind})`, () => {
  let t: TestApp;
  let staff: string;
  const id = {} as Record<Key, number>;
  beforeAll(async () => {
    t = await testApp();
    staff = (await t.agent(['ROLE_ADMIN'])).cookie;
    for (const [key, { statut, ...fields }] of Object.entries(SEEDS) as [Key, (typeof SEEDS)[Key]][]) {
      id[key] = await register(t.app, fields);
      await t.database.db.update(partenaires).set({ statutId: statut }).where(eq(partenaires.id, id[key]));
    }
  });
  afterAll(() => t.close());

  const keyOf = (n: number) => (Object.keys(id) as Key[]).find((k) => id[k] === n);
  const flags = async (query = '') => {
    const res = await t.app.inject({
      url: `/api/admin/partenaires/get/list/by/filters?rowsPerPage=20${query}`,
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().partenaires as { id: number; doublon: string[] }[];
    return Object.fromEntries(rows.map((r) => [keyOf(r.id), r.doublon]));
  };
  const detail = async (key: Key) => {
    const res = await t.app.inject({ url: `/api/admin/partenaire/get/${id[key]}`, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    return res.json().doublons as { id: number; par: string[] }[];
  };

  it('la liste signale une inscription qui porte le nom ou l’e-mail d’un autre partenaire vivant', async () => {
    expect(await flags()).toEqual({
      source: ['nom', 'email'],
      memeNom: ['nom'],
      memeEmail: ['email'],
      // Refused or archived: neither flagged nor counted.
      refuse: [],
      archive: [],
      nomProche: [],
      seul: [],
    });
  });

  it('la fiche donne les autres partenaires et ce qu’ils partagent, sans le partenaire lui-même', async () => {
    expect(await detail('source')).toEqual([
      { id: id.memeNom, par: ['nom'] },
      { id: id.memeEmail, par: ['email'] },
    ]);
    expect(await detail('memeEmail')).toEqual([{ id: id.source, par: ['email'] }]);
    expect(await detail('seul')).toEqual([]);
    expect(await detail('refuse')).toEqual([]);
  });

  it('le signal vaut aussi pour une page filtrée qui ne montre pas le jumeau', async () => {
    expect(await flags('&filter[nom]=cycles')).toEqual({ memeEmail: ['email'] });
  });

  it('un partenaire refusé par le guichet cesse de signaler son homonyme', async () => {
    // The other tests read the seeds as they are: the namesake is put back once this one is done.
    onTestFinished(async () => {
      await t.database.db
        .update(partenaires)
        .set({ statutId: SEEDS.memeNom.statut })
        .where(eq(partenaires.id, id.memeNom));
    });
    const res = await adminPut(t.app, staff, id.memeNom, { statut: STATUT.refuse });
    expect(res.statusCode).toBe(200);
    expect((await flags()).source).toEqual(['email']);
    expect(await detail('source')).toEqual([{ id: id.memeEmail, par: ['email'] }]);
  });
});
