import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The row count of each big table, kept exact by triggers (migration 0018): an insert, a delete
 * or a truncate changes it in the same transaction, so a rollback undoes both. Read by the
 * unfiltered admin lists (platform/row-counts.ts) instead of counting every row at each view.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: varchar({ length: 63 }).primaryKey(),
  rows: bigint({ mode: 'number' }).notNull(),
});
