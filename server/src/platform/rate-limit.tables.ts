import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process (login attempts, public forms): one row per
 * bucket (what is limited and for whom) and fixed window, bumped by one atomic upsert. A row is
 * useless once `expires_at` (two windows after its start) has passed, and purged.
 * Platform tables live beside the platform module that alone reads them (rate-limit.ts), as a
 * feature's tables live beside the feature.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: varchar({ length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
