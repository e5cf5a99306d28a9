import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { rowCounts } from './row-counts.tables.ts';

/**
 * How many rows a table holds: its counter when triggers keep one (row_counts, migration 0018:
 * offers, student requests, partners), otherwise counted. One query either way: the count runs
 * only when there is no counter (`coalesce` evaluates its second subquery only then). An exact
 * number: a counter changes in the transaction that inserts or deletes, and a rollback undoes it.
 */
export async function tableRowCount(db: DbOrTx, table: PgTable): Promise<number> {
  const kept = sql`(select ${rowCounts.rows} from ${rowCounts} where ${rowCounts.tableName} = ${getTableName(table)})`;
  const res = (await db.execute(
    sql`select coalesce(${kept}, (select count(*) from ${table}))::int as count`,
  )) as unknown as { rows: { count: number }[] };
  return res.rows[0].count;
}
