import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, migratedPglite } from '../../test/harness.ts';
import { type Database, openPglite } from './client.ts';

describeOn('pglite', 'base embarquée : les valeurs lues par drizzle, sans recopier les lecteurs de PGlite', () => {
  let client: PGlite;
  let database: Database;
  /** The options each statement reached PGlite with, under the portal's wrappers. */
  const seen: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    client = await migratedPglite();
    const query = client.query.bind(client);
    client.query = ((text, params, options) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    database = await openPglite(client);
  });
  afterAll(() => database.close());

  /** Rows of a raw statement (the portal's `Db` type leaves a raw result untyped). */
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  const VALUES = sql`select timestamp '2026-11-27 10:30:00' as ts, timestamptz '2026-11-27 10:30:00+00' as tstz,
    date '2026-11-27' as d, interval '2 days' as i, array[timestamp '2026-11-27 10:30:00'] as tss, 12.50::numeric as n`;

  it('dates, intervalles et horodatages gardent le texte de la base, comme drizzle les lit', async () => {
    const expected = {
      ts: '2026-11-27 10:30:00',
      tstz: '2026-11-27 10:30:00+00',
      d: '2026-11-27',
      i: '2 days',
      tss: '{"2026-11-27 10:30:00"}',
      n: '12.50',
    };
    expect(rows(await database.db.execute(VALUES))).toEqual([expected]);
    // The same values inside a transaction, which drizzle runs on PGlite's transaction object.
    expect(rows(await database.db.transaction((tx) => tx.execute(VALUES)))).toEqual([expected]);
  });

  it('une requête de drizzle arrive sans ses lecteurs : PGlite ne recopie pas sa table à chaque requête', async () => {
    seen.length = 0;
    await database.db.execute(sql`select 1`);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.parsers).toBeUndefined();
    expect(seen[0]?.rowMode).toBe('object');
  });

  it('une requête qui apporte un autre lecteur le garde', async () => {
    const shout = (value: string) => value.toUpperCase();
    const answer = await client.query<{ t: string }>(`select 'oui'::text as t`, [], { parsers: { 25: shout } });
    expect(answer.rows).toEqual([{ t: 'OUI' }]);
  });
});
