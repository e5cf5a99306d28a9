import { date, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { now } from '../db/columns.ts';

/**
 * Days on which a scheduled job has run, whichever process ran it: the job inserts its (job, day)
 * row in its own transaction, so a second process, or a second run that day, finds it and does nothing.
 * Read only by daily-jobs.ts.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar({ length: 40 }).notNull(),
    /** The date the run was for (Europe/Paris). */
    day: date({ mode: 'string' }).notNull(),
    ranAt: now(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
