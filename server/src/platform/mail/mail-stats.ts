import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countPerWeek, type WeekCount } from '../weekly.ts';
import { mailOutbox } from './mail.tables.ts';

/**
 * Mails per week for the staff dashboard (issue 18): sent ones by the week they left, failed ones
 * (no retry left) by the week they were queued, the outbox keeping no date of the last attempt.
 */
export async function mailsPerWeek(
  db: DbOrTx,
  weeks: readonly string[],
): Promise<{ envoyes: WeekCount[]; echoues: WeekCount[] }> {
  const [envoyes, echoues] = await Promise.all([
    countPerWeek(
      db,
      mailOutbox,
      mailOutbox.sentAt,
      weeks,
      and(eq(mailOutbox.status, 'sent'), isNotNull(mailOutbox.sentAt)),
    ),
    countPerWeek(db, mailOutbox, mailOutbox.createdAt, weeks, eq(mailOutbox.status, 'failed')),
  ]);
  return { envoyes, echoues };
}
