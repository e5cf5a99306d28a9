import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { byFirstColumn, parisWeek, sinceParisDay, type WeekCount } from '../weekly.ts';
import { mailOutbox } from './mail.tables.ts';

/**
 * Mails per week for the staff dashboard (issue 18): sent ones by the week they left, failed ones
 * (no retry left) by the week they were queued, the outbox keeping no date of the last attempt.
 */
export async function mailsPerWeek(
  db: DbOrTx,
  weeks: readonly string[],
): Promise<{ envoyes: WeekCount[]; echoues: WeekCount[] }> {
  const sentWeek = parisWeek(mailOutbox.sentAt, weeks);
  const failedWeek = parisWeek(mailOutbox.createdAt, weeks);
  const [envoyes, echoues] = await Promise.all([
    db
      .select({ semaine: sentWeek, n: count() })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'sent'), isNotNull(mailOutbox.sentAt), sinceParisDay(mailOutbox.sentAt, weeks[0])),
      )
      .groupBy(byFirstColumn),
    db
      .select({ semaine: failedWeek, n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'failed'), sinceParisDay(mailOutbox.createdAt, weeks[0])))
      .groupBy(byFirstColumn),
  ]);
  return { envoyes, echoues };
}
