import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { bytea, now } from '../../db/columns.ts';

/** Logos live in the database: every server process sees them, a backup holds them. */
export const logos = pgTable('logos', {
  name: varchar({ length: 80 }).primaryKey(),
  contentType: varchar('content_type', { length: 30 }).notNull(),
  data: bytea().notNull(),
  createdAt: now(),
});
