import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobRuns } from './daily-jobs.tables.ts';

const parisDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The office's calendar day of `now` (YYYY-MM-DD, Europe/Paris): a job runs once per such day. */
export function parisDay(now: Date): string {
  return parisDate.format(now);
}

/**
 * Records, in the caller's transaction, that `job` runs for `day`; false when some process already
 * has (committed, or still running: the insert then waits for its outcome). A run that rolls back
 * takes its row with it, so the next check tries again.
 */
export async function claimDay(tx: DbOrTx, job: string, day: string): Promise<boolean> {
  const rows = await tx
    .insert(jobRuns)
    .values({ job, day, ranAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

/**
 * Whether some run already finished `job` for `day`, without claiming it: for a job that works in
 * several transactions and claims its day only once done (offer-check.ts).
 */
export async function dayClaimed(tx: DbOrTx, job: string, day: string): Promise<boolean> {
  const rows = await tx
    .select({ day: jobRuns.day })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.day, day)));
  return rows.length > 0;
}
