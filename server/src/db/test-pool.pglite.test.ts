import { sql } from 'drizzle-orm';
import { expect, inject, it } from 'vitest';
import { describeOn } from '../../test/harness.ts';
import { lease, pgliteCopiesIdle, pgliteCopiesMade, templateCopy } from '../../test/pglite-pool.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import { type Database, openPglite } from './client.ts';

/** A database on a pooled copy of the template, put back in the pool when closed. */
async function testDatabase(): Promise<Database> {
  const { client, release } = await lease(inject('pgliteTemplate'));
  return { ...(await openPglite(client)), close: release };
}

const rows = async (database: Database, query: string) =>
  (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };

/** Every table's rows and every sequence's next value: what a test can see of the data. */
async function snapshot(database: Database) {
  const tables = await rows(
    database,
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const data: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const content = await rows(database, `select coalesce(json_agg(t order by t::text), '[]') as r from ${name} t`);
    data[String(name)] = content.rows[0].r;
  }
  const sequences = await rows(
    database,
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences order by 1`,
  );
  for (const { name } of sequences.rows) {
    data[`next ${name}`] = (await rows(database, `select nextval('${name}')::text as v`)).rows[0].v;
  }
  return data;
}

describeOn('pglite', 'base de test PGlite réutilisée', () => {
  it('revient exactement à l’état du modèle après écritures, réglage changé et verrou tenu', async () => {
    const database = await testDatabase();
    const t = { database, close: () => database.close() };
    const id = await agentsRepository.create(database.db, {
      username: 'camille',
      password: 'mot-de-passe-de-test',
      prenom: 'Camille',
      nom: 'Test',
      roles: ['ROLE_ADMIN'],
    });
    expect(id).toBeGreaterThan(0);
    const tables = await rows(
      t.database,
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    expect(tables.rows.length).toBeGreaterThan(5);
    // Reference rows emptied, then a row duplicated where there is one, in every table.
    await rows(t.database, 'set session_replication_role = replica');
    for (const { name } of tables.rows) {
      await rows(t.database, `insert into ${name} select * from ${name} limit 1`).catch(() => {});
    }
    await rows(t.database, 'delete from statuts');
    await rows(t.database, 'delete from filtres');
    await rows(
      t.database,
      "select nextval(quote_ident(schemaname) || '.' || quote_ident(sequencename)) from pg_sequences",
    );
    await rows(t.database, 'set random_page_cost = 9');
    await rows(t.database, 'select pg_advisory_lock(4242)');
    await rows(t.database, 'create temp table brouillon (x int)');
    const before = pgliteCopiesMade();
    const idleBefore = pgliteCopiesIdle();
    await t.close();
    expect(pgliteCopiesIdle()).toBe(idleBefore + 1);

    const reused = await testDatabase();
    try {
      expect(pgliteCopiesMade()).toBe(before);
      expect((await rows(reused, 'show random_page_cost')).rows[0].random_page_cost).toBe('1.1');
      expect((await rows(reused, 'show session_replication_role')).rows[0].session_replication_role).toBe('origin');
      expect(
        (await rows(reused, "select count(*)::int as n from pg_locks where locktype = 'advisory'")).rows[0].n,
      ).toBe(0);
      expect((await rows(reused, "select to_regclass('brouillon') as r")).rows[0].r).toBeNull();
      const fresh = await openPglite(await templateCopy(inject('pgliteTemplate')));
      try {
        expect(await snapshot(reused)).toEqual(await snapshot(fresh));
      } finally {
        await fresh.close();
      }
    } finally {
      await reused.close();
    }
  });

  it('une base fermée refuse toute requête, même si sa copie sert à un autre test', async () => {
    const first = await testDatabase();
    await first.close();
    const refused = await rows(first, 'select 1').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(String(refused?.cause ?? refused)).toMatch(/closed/);
    const second = await testDatabase();
    try {
      expect((await rows(second, 'select 1 as x')).rows[0].x).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('une copie dont le schéma a changé n’est pas réutilisée', async () => {
    const changed = await testDatabase();
    await rows(changed, 'create table ajoutee (x int)');
    const idleBefore = pgliteCopiesIdle();
    await changed.close();
    expect(pgliteCopiesIdle()).toBe(idleBefore);
    const next = await testDatabase();
    try {
      expect((await rows(next, "select to_regclass('ajoutee') as r")).rows[0].r).toBeNull();
    } finally {
      await next.close();
    }
  });

  it('deux bases ouvertes en même temps sont deux copies distinctes', async () => {
    const a = await testDatabase();
    const b = await testDatabase();
    try {
      await rows(a, "insert into filtres (id, libelle) values (999, 'seulement dans a')");
      expect(
        (await rows(b, "select count(*)::int as n from filtres where libelle = 'seulement dans a'")).rows[0].n,
      ).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
