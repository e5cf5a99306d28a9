import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/harness.ts';
import type { Database } from './db/client.ts';
import { inscriptions } from './db/schema.ts';
import { seedInscriptions } from './features/inscriptions/inscriptions.fixtures.ts';
import { inscriptionsList } from './features/inscriptions/inscriptions.repository.ts';
import { streamList } from './platform/list-query.ts';

/**
 * An export read in batches, the next one asked for while the current one is written out: every
 * row once, in the table's order, across batches; a row deleted meanwhile left out; a download
 * abandoned halfway leaves nothing behind.
 */
describe('export par lots', () => {
  let database: Database;
  const names = ['ALBERT', 'BERNARD', 'CLAUDE', 'DENIS', 'ETIENNE', 'FABRICE', 'GERARD', 'HENRI', 'ISIDORE', 'JULES'];
  let ids: number[];
  beforeAll(async () => {
    database = await testDatabase();
    // Inserted out of order: the export follows the sort, not the insertion.
    ids = await seedInscriptions(
      database.db,
      [...names].reverse().map((nom, i) => ({ proprietaire: { nom }, date: new Date(Date.UTC(2026, 9, i + 1)) })),
    );
  });
  afterAll(() => database.close());

  const byName = { search: '', filter: {}, sort: { name: 'nom', direction: 'asc' as const } };

  it('traverse les lots dans l’ordre, sans perdre ni répéter une ligne ; une ligne supprimée entre-temps est omise', async () => {
    const seen: string[] = [];
    const henri = ids[names.length - 1 - names.indexOf('HENRI')];
    const sizes: number[] = [];
    for await (const batch of streamList(database.db, inscriptionsList, byName, 3)) {
      seen.push(...batch.map((row) => row.nom));
      sizes.push(batch.length);
      // While the first batch is written out: HENRI, in the third batch, is deleted.
      if (sizes.length === 1) await database.db.delete(inscriptions).where(eq(inscriptions.id, henri));
    }
    expect(seen).toEqual(names.filter((n) => n !== 'HENRI'));
    expect(sizes).toEqual([3, 3, 2, 1]);
  });

  it('un téléchargement abandonné après la première ligne ne laisse rien en route', async () => {
    for await (const batch of streamList(database.db, inscriptionsList, byName, 2)) {
      expect(batch.map((row) => row.nom)).toEqual(['ALBERT', 'BERNARD']);
      break;
    }
    // The batch asked for ahead is answered or dropped; the database still answers.
    const read = async (batchSize: number) => {
      const found: string[] = [];
      for await (const batch of streamList(database.db, inscriptionsList, byName, batchSize)) {
        found.push(...batch.map((row) => row.nom));
      }
      return found;
    };
    expect(await read(4)).toEqual(await read(1000));
  });
});
