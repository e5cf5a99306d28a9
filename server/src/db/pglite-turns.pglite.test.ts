import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, testDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';

describeOn('pglite', 'base embarquée : le serveur garde la main entre deux requêtes SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it('quarante requêtes en file : une minuterie posée à leur départ passe avant la cinquième', async () => {
    // A timer stands for a connection to accept or a request to read: Node serves them between
    // two turns of its loop, which a queue of PGlite statements run back to back never gave.
    let done = 0;
    const queries = Array.from({ length: 40 }, () =>
      database.db.execute(sql`select pg_sleep(0.002)`).then(() => {
        done++;
      }),
    );
    const seenByTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(queries);
    expect(done).toBe(40);
    expect(seenByTimer).toBeLessThan(5);
  });

  it('chacune à son tour, dans l’ordre d’arrivée ; une requête en erreur ne bloque pas les suivantes', async () => {
    const order: number[] = [];
    const runs = [1, 2, 3, 4].map((n) =>
      (n === 2 ? database.db.execute(sql`select * from table_qui_n_existe_pas`) : database.db.execute(sql`select 1`))
        .then(() => order.push(n))
        .catch(() => order.push(-n)),
    );
    await Promise.all(runs);
    expect(order).toEqual([1, -2, 3, 4]);
  });

  it('une transaction passe entière à son tour, et ses écritures restent ensemble', async () => {
    await database.db.execute(sql`create temporary table tour (n int)`);
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tour values (1)`);
      await tx.execute(sql`insert into tour values (2)`);
    });
    const after = database.db.execute(sql`select count(*)::int as n from tour`);
    await inside;
    const { rows } = (await after) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(2);
  });
});
