import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../test/harness.ts';
import type { Database } from './db/client.ts';
import { etudiants, inscriptions, inscriptionsRecherche, journal, mailOutbox, partenaires } from './db/schema.ts';
import { etudiantsList, insertUnlessPending } from './features/etudiants/etudiants.repository.ts';
import { inscriptionsList } from './features/inscriptions/inscriptions.repository.ts';
import { journalList } from './features/journal/journal.repository.ts';
import { partenairesList } from './features/partenaires/partenaires.repository.ts';
import { type AnyList, containsPattern, searchOf } from './platform/list-query.ts';
import { courrielsList } from './platform/mail/mail.repository.ts';
import { frequentTrigrams } from './platform/search-pieces.ts';

/**
 * The big lists search a stored, normalised text column through a trigram index (each feature's tables file).
 * Should a list stop searching that column, every search would read the whole table again
 * without any test noticing the slowdown: this one asks the planner.
 */
describe(`index de recherche (${dbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    // 20 000 requests with statistics, so that the planner sees a real table.
    await database.db.execute(sql`
      insert into etudiants (date, email, adresse, cp, ville, ecole, statut_id)
      select now() - g * interval '1 minute', 'etudiant' || g || '@univ-exemple.fr', '', '10000', 'TROYES', 'UTT',
        1 + g % 4
      from generate_series(1, 20000) g`);
    await database.db.execute(sql`analyze etudiants`);
    // 5 000 partners, three in four active (as the bench seeds them).
    await database.db.execute(sql`
      insert into partenaires (nom, lien, lien_offres, presentation, logo, nom_complet, adresse, cp, ville, telephone,
        mail, civilite_r, nom_r, prenom_r, fonction_r, telephone_r, mail_r, actif)
      select 'Partenaire ' || g, '', '', '', '', '', '', '10000', 'TROYES', '0325000000', 'p' || g || '@exemple.fr',
        'Madame', '', '', '', '0611223344', '', g % 4 <> 0
      from generate_series(1, 5000) g`);
    await database.db.execute(sql`analyze partenaires`);
  });
  afterAll(() => database.close());

  /** The plan the database picks with its own statistics (no setting forced). */
  const explainAsIs = async (query: { sql: string; params: unknown[] }) => {
    const r = (await database.db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return r.rows.map((row) => Object.values(row)[0]).join('\n');
  };

  type Table = typeof inscriptions | typeof etudiants | typeof partenaires | typeof journal | typeof mailOutbox;
  const plan = async (table: Table, list: AnyList, term: string) => {
    const where = await searchOf(database.db, list, term);
    return explain(database.db.select({ id: table.id }).from(table).where(where).toSQL());
  };
  const explain = (query: { sql: string; params: unknown[] }) =>
    database.db.transaction(async (tx) => {
      // Without data the planner would rightly prefer a scan: forbid it to see whether the index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = (await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });

  it('la recherche des logements utilise inscriptions_recherche_trgm', async () => {
    expect(await plan(inscriptions, inscriptionsList, 'lefèvre')).toContain('inscriptions_recherche_trgm');
  });

  it('le total d’une recherche de logements seule lit la copie étroite par son propre index', async () => {
    const copy = inscriptionsRecherche.recherche;
    const query = database.db
      .select({ n: sql`count(*)` })
      .from(inscriptionsRecherche)
      .where(sql`${copy} like ${containsPattern('lefèvre')}`)
      .toSQL();
    expect(await explain(query)).toContain('inscriptions_recherche_copie_trgm');
  });

  it('une nouvelle demande cherche son double en attente par un index, qu’il existe ou non', async () => {
    // One index probe either way: the time taken does not tell whether the address has asked.
    for (const email of ['Etudiant4@univ-exemple.fr', 'personne@ailleurs.fr']) {
      const r = (await database.db.execute(
        sql`explain ${insertUnlessPending({ email, adresse: '', cp: '10000', ville: 'TROYES', pays: 'FR', ecole: 'UTT' })}`,
      )) as unknown as { rows: Record<string, string>[] };
      const p = r.rows.map((row) => Object.values(row)[0]).join('\n');
      expect(p).toContain('etudiants_en_attente_email_idx');
      expect(p).not.toContain('Seq Scan');
    }
  });

  it('la recherche des demandes étudiantes utilise etudiants_recherche_trgm', async () => {
    expect(await plan(etudiants, etudiantsList, 'univ')).toContain('etudiants_recherche_trgm');
  });

  it('une recherche demande à l’index son morceau sans trigramme fréquent, et vérifie le terme entier', async () => {
    // « etudiant » is in every e-mail: ANALYZE (beforeAll) names its trigrams (migration 0021).
    const frequent = await frequentTrigrams(database.db, 'etudiants_recherche_trigrammes');
    expect([...frequent]).toEqual(expect.arrayContaining(['etu', 'tud', 'dia', 'ant', 'exe']));
    expect(frequent.has('777')).toBe(false);
    // A row that holds the piece « nt777 » but not the term.
    await database.db.execute(sql`
      insert into etudiants (email, adresse, cp, ville, ecole) values ('client777@ailleurs.fr', '', '10000', 'TROYES', 'UTT')`);
    const where = await searchOf(database.db, etudiantsList, 'Etudiant777');
    const p = await explainAsIs(database.db.select({ id: etudiants.id }).from(etudiants).where(where).toSQL());
    expect(p).toMatch(/Index Cond: \(recherche ~~ '%nt777%'::text\)/);
    expect(p).not.toMatch(/Index Cond:.*etudiant777/);
    // What staff get is what the whole term finds, nothing more.
    const found = await etudiantsList.from(database.db, { email: etudiants.email }).where(where);
    const expected = await database.db
      .select({ email: etudiants.email })
      .from(etudiants)
      .where(sql`${etudiants.email} like '%etudiant777%'`);
    expect(found.map((r) => r.email).sort()).toEqual(expected.map((r) => r.email).sort());
    expect(found).toHaveLength(11);
  });

  it('une recherche triée sur une colonne indexée passe encore par l’index de recherche', async () => {
    // The matches of « etudiant12 » sit together in email order, near the end of a descending walk:
    // walking the email index in order while filtering read a million rows where the search index
    // finds a few thousand (db/client.ts). The page's query, as runList sends it.
    const where = await searchOf(database.db, etudiantsList, 'etudiant12');
    const query = database.db
      .select({ id: etudiants.id })
      .from(etudiants)
      .where(where)
      .orderBy(desc(etudiants.email), desc(etudiants.id))
      .limit(20)
      .offset(20)
      .toSQL();
    const p = await explainAsIs(query);
    expect(p).not.toContain('etudiants_email_idx');
    expect(p).not.toContain('Incremental Sort');
  });

  it('la vue sans recherche ni filtre lit sa page dans l’index de la date, sans trier la table', async () => {
    const query = database.db
      .select({ id: etudiants.id })
      .from(etudiants)
      .orderBy(desc(etudiants.date), desc(etudiants.id))
      .limit(10)
      .offset(20)
      .toSQL();
    const p = await explainAsIs(query);
    expect(p).toContain('etudiants_date_idx');
    expect(p).not.toMatch(/\bSort\b/);
  });

  it('la liste entière triée par courriel lit l’index de l’e-mail, sans trier la table (list-query.ts, wholeTable)', async () => {
    const query = database.db
      .select({ id: etudiants.id })
      .from(etudiants)
      .orderBy(etudiants.email, etudiants.id)
      .limit(20)
      .offset(40)
      .toSQL();
    const p = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_incremental_sort = on`);
      const r = (await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(p).toContain('etudiants_email_idx');
    expect(p).toContain('Incremental Sort');
    // Without the setting (every other query of the portal), the whole table is sorted.
    expect(await explainAsIs(query)).not.toContain('etudiants_email_idx');
  });

  it('la recherche des partenaires utilise partenaires_recherche_trgm, et l’index des catégories pour un libellé', async () => {
    expect(await plan(partenaires, partenairesList, 'mutuelle')).toContain('partenaires_recherche_trgm');
    // « santé » names a category: its partners are found through their category id as well.
    const withCategory = await plan(partenaires, partenairesList, 'santé');
    expect(withCategory).toContain('partenaires_recherche_trgm');
    expect(withCategory).toContain('partenaires_categorie_idx');
  });

  it('les partenaires actifs triés par nom lisent leur page dans l’index du nom, sans trier (migration 0020)', async () => {
    const query = database.db
      .select({ id: partenaires.id })
      .from(partenaires)
      .where(eq(partenaires.actif, true))
      .orderBy(desc(partenaires.nom), desc(partenaires.id))
      .limit(20)
      .toSQL();
    const p = await explainAsIs(query);
    expect(p).toContain('partenaires_nom_id_idx');
    expect(p).not.toMatch(/\bSort\b/);
  });

  it('les recherches de « Journal » et de « Courriels » utilisent leur index trigramme (migration 0014)', async () => {
    expect(await plan(journal, journalList as unknown as AnyList, 'durand')).toContain('journal_recherche_trgm');
    expect(await plan(mailOutbox, courrielsList as unknown as AnyList, 'lea.martin')).toContain(
      'mail_outbox_recherche_trgm',
    );
  });
});

/** EXPLAIN takes no bind parameters: the test's own literals, quoted. */
function inline(text: string, params: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, n) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
}
