import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { inscriptions, inscriptionsRecherche } from '../../db/schema.ts';
import { runList } from '../../platform/list-query.ts';
import { frequentTrigrams, rarePiece } from '../../platform/search-pieces.ts';
import { seedInscriptions, storedOffer } from './inscriptions.fixtures.ts';
import { inscriptionsList, inscriptionsRepository } from './inscriptions.repository.ts';

// The total of a search alone is counted in the narrow copy of the offers' searched text
// (inscriptions_recherche, kept by triggers): whatever writes the offers, the copy must say what
// the offers themselves say, or staff see a wrong total.
describe('copie étroite du texte cherché des offres', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate inscriptions restart identity cascade`);
  });

  /** Offers whose copy is missing, extra or different: none when the triggers do their work. */
  const strays = async () => {
    const res = (await database.db.execute(
      sql`select count(*)::int as n from ${inscriptions} o full join ${inscriptionsRecherche} c using (id)
          where o.recherche is distinct from c.recherche`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0].n;
  };
  /** The total staff see for a search, with a page of one row so that it is never the page's own length. */
  const total = async (search: string, filter = {}) =>
    (await inscriptionsRepository.list(database.db, { search, page: 0, rowsPerPage: 1, filter })).count;
  const date = new Date('2026-10-01T09:00:00Z');

  it('suit les créations une à une et en nombre, les changements de nom, les suppressions', async () => {
    const [first] = await seedInscriptions(database.db, [
      { date, proprietaire: { nom: 'Martin' } },
      { date, proprietaire: { nom: 'Martineau' } },
      { date, proprietaire: { nom: 'Durand' } },
    ]);
    expect(await total('martin')).toBe(2);
    // One statement, many rows (as the benchmark's seed and a restore write them).
    await database.db.insert(inscriptions).values(Array.from({ length: 40 }, (_, i) => storedOffer(1, `MARTIN ${i}`)));
    expect(await total('martin')).toBe(42);
    expect(await total('MARTÍN')).toBe(42);

    const [durand] = await database.db
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.nom, 'DURAND'));
    await database.db.update(inscriptions).set({ nom: 'MARTIN' }).where(eq(inscriptions.id, durand.id));
    expect(await total('martin')).toBe(43);
    expect(await total('durand')).toBe(0);
    // A status change leaves the text as it was.
    await database.db.update(inscriptions).set({ statutId: 2 }).where(eq(inscriptions.id, first));
    expect(await total('martin')).toBe(43);

    await database.db.delete(inscriptions).where(sql`${inscriptions.id} % 2 = 0`);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(inscriptions)
      .where(sql`${inscriptions.nom} ilike '%martin%'`);
    expect(await total('martin')).toBe(n);
    expect(await strays()).toBe(0);
  });

  it('un renommage annulé ne change pas le total', async () => {
    const [id] = await seedInscriptions(database.db, [{ date, proprietaire: { nom: 'Durand' } }]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(inscriptions).set({ nom: 'MARTIN' }).where(eq(inscriptions.id, id));
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await total('martin')).toBe(0);
    expect(await total('durand')).toBe(1);
    expect(await strays()).toBe(0);
  });

  it('avec un filtre, le total reste celui des offres filtrées', async () => {
    await seedInscriptions(database.db, [
      { date, proprietaire: { nom: 'Martin' }, statut: 1 },
      { date, proprietaire: { nom: 'Martin' }, statut: 2 },
      { date, proprietaire: { nom: 'Martin' }, statut: 2 },
    ]);
    expect(await total('martin')).toBe(3);
    expect(await total('martin', { statut: [2] })).toBe(2);
  });

  it('un total plafonné compte dans la copie comme dans les offres, et s’arrête au plafond', async () => {
    await seedInscriptions(
      database.db,
      [1, 2, 2, 2, 2].map((statut) => ({ date, proprietaire: { nom: 'Martin' }, statut })),
    );
    // The list as it is, with a cap of 2 instead of 10 000.
    const capped = { ...inscriptionsList, countCap: 2 };
    const answer = async (page: number, filter = {}) => {
      const { count, countIsLowerBound } = await runList(database.db, capped, {
        search: 'martin',
        page,
        rowsPerPage: 1,
        filter,
      });
      return { count, countIsLowerBound };
    };
    expect(await answer(0)).toEqual({ count: 2, countIsLowerBound: true });
    expect(await answer(3)).toEqual({ count: 4, countIsLowerBound: true });
    expect(await answer(5)).toEqual({ count: 5, countIsLowerBound: undefined });
    expect(await answer(0, { statut: [2] })).toEqual({ count: 2, countIsLowerBound: true });
    expect(await answer(0, { statut: [1] })).toEqual({ count: 1, countIsLowerBound: undefined });
    // Exactly as many as the cap: an exact total.
    const atCap = await runList(
      database.db,
      { ...inscriptionsList, countCap: 4 },
      {
        search: 'martin',
        page: 0,
        rowsPerPage: 1,
        filter: { statut: [2] },
      },
    );
    expect([atCap.count, atCap.countIsLowerBound]).toEqual([4, undefined]);
  });

  it('une copie perdue est refaite au changement suivant du texte', async () => {
    const [id] = await seedInscriptions(database.db, [{ date, proprietaire: { nom: 'Durand' } }]);
    await database.db.delete(inscriptionsRecherche).where(eq(inscriptionsRecherche.id, id));
    // The total of a search alone is the copy's: without it, the offer is not counted.
    expect(await total('durand')).toBe(0);
    await database.db.update(inscriptions).set({ nom: 'MARTIN' }).where(eq(inscriptions.id, id));
    expect(await total('martin')).toBe(1);
    expect(await strays()).toBe(0);
  });
});

// A search whose term holds trigrams that most offers share asks the index for its rare piece only
// (platform/search-pieces.ts): the page and the total must still be those of the whole term.
describe('recherche d’un terme aux trigrammes fréquents', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    const date = new Date('2026-10-01T09:00:00Z');
    // Every landlord's e-mail holds « proprietaire »; one offer holds the piece « re452 » alone.
    await seedInscriptions(database.db, [
      ...[4521, 4520, 45210, 45211, 45219, 4529, 1234, 7, 45, 452].map((n) => ({
        date,
        proprietaire: { email: `proprietaire${n}@exemple.fr` },
      })),
      { date, proprietaire: { email: 'notre452@exemple.fr' } },
      // ANALYZE names no frequent element in a handful of rows.
      ...Array.from({ length: 200 }, (_, i) => ({
        date,
        proprietaire: { email: `proprietaire${1000 + i}@exemple.fr` },
      })),
    ]);
    await database.db.execute(sql`analyze inscriptions_recherche`);
  });
  afterAll(() => database.close());

  it('trouve exactement les offres du terme entier, page et total (compté dans la copie)', async () => {
    const list = (search: string, rowsPerPage = 5) =>
      inscriptionsRepository.list(database.db, { search, page: 0, rowsPerPage, filter: {} });
    const emails = async (search: string) => (await list(search, 20)).rows.map((r) => r.email).sort();
    const frequent = await frequentTrigrams(database.db, 'inscriptions_recherche_trigrammes');
    expect(rarePiece('proprietaire452', frequent)).toBe('re452');
    const expected = [4520, 4521, 45210, 45211, 45219, 4529, 452].map((n) => `proprietaire${n}@exemple.fr`);
    expect(await emails('Proprietaire452')).toEqual(expected.sort());
    // A full page of 5: the total comes from the copy, through the same piece.
    expect((await list('proprietaire452')).count).toBe(7);
    expect((await list('proprietaire4521', 1)).count).toBe(4);
    // With a filter, the total is counted in the offers themselves.
    expect(
      (
        await inscriptionsRepository.list(database.db, {
          search: 'proprietaire452',
          page: 0,
          rowsPerPage: 1,
          filter: { statut: [1] },
        })
      ).count,
    ).toBe(7);
  });
});
