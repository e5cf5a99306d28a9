import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/harness.ts';
import { etudiantsRepository } from '../features/etudiants/etudiants.repository.ts';
import { storedOffer } from '../features/inscriptions/inscriptions.fixtures.ts';
import { inscriptionsRepository } from '../features/inscriptions/inscriptions.repository.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { etudiants, inscriptions } from './schema.ts';

/** The migrations as a portal installed at `tag` has them: the journal cut after that entry. */
function migrationsUpTo(tag: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`migration inconnue : ${tag}`);
  journal.entries = journal.entries.slice(0, at + 1);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

// An office that already runs the portal gets the new migrations on its next start: what a
// migration builds from the rows already there must be there, not only what later writes add.
describe('mise à jour d’un portail qui a déjà des données', () => {
  it('la copie du texte cherché (migration 0019) reprend les offres déjà enregistrées', async () => {
    const earlier = migrationsUpTo('0018_compteurs-de-lignes');
    const database = await emptyDatabase();
    try {
      await migrate(database, earlier);
      await database.db
        .insert(inscriptions)
        .values([storedOffer(1, 'MARTIN'), storedOffer(2, 'MARTIN'), storedOffer(2, 'DURAND')]);
      await migrate(database);
      const res = (await database.db.execute(
        sql`select count(*)::int as n from inscriptions o join inscriptions_recherche c using (id)
            where c.recherche = o.recherche`,
      )) as unknown as { rows: { n: number }[] };
      expect(res.rows[0].n).toBe(3);
      // A page of one row: the total is counted in the copy, not read off the page.
      const list = await inscriptionsRepository.list(database.db, {
        search: 'martin',
        page: 0,
        rowsPerPage: 1,
        filter: {},
      });
      expect(list.count).toBe(2);
    } finally {
      await database.close();
      rmSync(earlier, { recursive: true, force: true });
    }
  });

  it('les demandes étudiantes déjà là sont en France (migration « etudiants-pays ») et restent trouvées par la recherche', async () => {
    const earlier = migrationsUpTo('0021_trigrammes-frequents');
    const database = await emptyDatabase();
    try {
      await migrate(database, earlier);
      // Written as the table stood then: no country, a five-character postal code.
      await database.db.execute(
        sql`insert into etudiants (email, cp, ville, ecole) values ('ancienne@example.fr', '10000', 'TROYES', 'UTT')`,
      );
      await migrate(database);
      const rows = await database.db.select().from(etudiants);
      expect(rows.map((r) => [r.email, r.pays, r.cp])).toEqual([['ancienne@example.fr', 'FR', '10000']]);
      expect(rows[0].recherche).toContain('troyes');
      // The wider postal code fits now, and the rebuilt search text follows it.
      await database.db
        .insert(etudiants)
        .values({ email: 'londres@example.fr', cp: 'SW1A 1AA', ville: 'LONDON', ecole: 'UTT', pays: 'GB' });
      const found = await etudiantsRepository.list(database.db, {
        search: 'sw1a',
        page: 0,
        rowsPerPage: 10,
        filter: {},
      });
      expect(found.rows.map((r) => r.email)).toEqual(['londres@example.fr']);
    } finally {
      await database.close();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
