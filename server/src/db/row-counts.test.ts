import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeOn, testDatabase } from '../../test/harness.ts';
import { etudiantsRepository } from '../features/etudiants/etudiants.repository.ts';
import { seedInscriptions } from '../features/inscriptions/inscriptions.fixtures.ts';
import { inscriptionsRepository } from '../features/inscriptions/inscriptions.repository.ts';
import { tableRowCount } from '../platform/row-counts.ts';
import type { Database } from './client.ts';
import { etudiants, inscriptions, roles, rowCounts } from './schema.ts';

// The unfiltered staff lists read their total from a counter kept by triggers (migration 0018):
// it must stay the exact number of rows whatever writes them.
describe('compteurs de lignes des grandes tables', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate inscriptions, etudiants restart identity cascade`);
  });

  const counted = async (table: typeof inscriptions | typeof etudiants) => {
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return n;
  };
  const kept = async (name: string) =>
    (await database.db.select().from(rowCounts).where(eq(rowCounts.tableName, name)))[0]?.rows;
  const offer = { date: new Date('2026-10-01T09:00:00Z') };
  /** `n` student requests in one statement. */
  const seedEtudiants = (n: number) =>
    database.db.insert(etudiants).values(
      Array.from({ length: n }, (_, i) => ({
        email: `etudiant${i}@example.fr`,
        cp: '10000',
        ville: 'TROYES',
        ecole: 'UTT',
      })),
    );
  const unfilteredTotal = async () =>
    (await inscriptionsRepository.list(database.db, { search: '', page: 0, rowsPerPage: 10, filter: {} })).count;

  it('suit les créations une à une, puis en nombre, et les suppressions', async () => {
    expect(await kept('inscriptions')).toBe(0);
    await seedInscriptions(database.db, [offer, offer, offer]);
    expect(await unfilteredTotal()).toBe(3);
    // One statement, many rows (as the benchmark's seed writes them): each of the 3 copied 4 times.
    const columns = sql.raw(`nom, prenom, telephone, email, adresse, cp, ville, proximite, type, colocation, immeuble,
      etage, surface, chauffage, loyer, charges, equipement, info_logement, ascenceur, parking, type_parking,
      local_velo, caf, statut_id`);
    await database.db.execute(
      sql`insert into inscriptions (${columns}) select ${columns} from inscriptions cross join generate_series(1, 4)`,
    );
    expect(await counted(inscriptions)).toBe(15);
    expect(await unfilteredTotal()).toBe(15);
    await database.db.delete(inscriptions).where(sql`${inscriptions.id} % 2 = 0`);
    expect(await counted(inscriptions)).toBe(8);
    expect(await unfilteredTotal()).toBe(8);
  });

  it('une transaction annulée ne change pas le compte', async () => {
    await seedInscriptions(database.db, [offer]);
    await expect(
      database.db.transaction(async (tx) => {
        await seedInscriptions(tx, [offer, offer]);
        expect(await tableRowCount(tx, inscriptions)).toBe(3);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await unfilteredTotal()).toBe(1);
  });

  it('vidée, la table compte zéro ; son compteur perdu est refait exactement à la première écriture', async () => {
    await seedEtudiants(5);
    expect(await tableRowCount(database.db, etudiants)).toBe(5);
    await database.db.execute(sql`truncate etudiants cascade`);
    expect(await kept('etudiants')).toBe(0);
    await seedEtudiants(2);
    await database.db.delete(rowCounts).where(eq(rowCounts.tableName, 'etudiants'));
    // Without its counter the table is counted, and the next write recounts it.
    expect(await tableRowCount(database.db, etudiants)).toBe(2);
    await seedEtudiants(1);
    expect(await kept('etudiants')).toBe(3);
    const list = await etudiantsRepository.list(database.db, { search: '', page: 0, rowsPerPage: 10, filter: {} });
    expect(list.count).toBe(3);
  });

  it('une table sans compteur est comptée', async () => {
    expect(await kept('roles')).toBeUndefined();
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(roles);
    expect(n).toBeGreaterThan(0);
    expect(await tableRowCount(database.db, roles)).toBe(n);
  });

  // Connections of their own: each transaction waits for the counter row while another holds it.
  describeOn('postgres', 'sous écritures simultanées', () => {
    it('vingt demandes envoyées ensemble, chacune dans sa transaction : vingt de plus, ni perdue ni comptée deux fois', async () => {
      await seedEtudiants(3);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          database.db.transaction(async (tx) => {
            await tx
              .insert(etudiants)
              .values({ email: `ensemble${i}@example.fr`, cp: '10000', ville: 'TROYES', ecole: 'UTT' });
            await tx.execute(sql`select pg_sleep(0.005)`);
          }),
        ),
      );
      expect(await counted(etudiants)).toBe(23);
      expect(await kept('etudiants')).toBe(23);
    });
  });
});
