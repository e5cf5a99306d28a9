import { and, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countPerWeek, type WeekCount } from '../weekly.ts';
import { mailOutbox } from './mail.tables.ts';
import { mailErrorFr } from './mail-errors.ts';

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

const WAITING = ['pending', 'sending'];

/**
 * Whether mail goes out now, for the dashboard: what waits, what waits longer than `lateAfter`
 * (normally gone in seconds), what was given up since `since`, and the last error of a mail not
 * delivered (waiting, or given up since `since`), in French. While the server is down the retries
 * go on for hours: the failures then show here long before any mail is given up.
 */
export async function mailHealth(db: DbOrTx, at: { lateAfter: Date; since: Date }) {
  const waiting = inArray(mailOutbox.status, WAITING);
  const [enAttente, enRetard, enEchec, [last]] = await Promise.all([
    db.$count(mailOutbox, waiting),
    db.$count(mailOutbox, and(waiting, lt(mailOutbox.createdAt, at.lateAfter))),
    db.$count(mailOutbox, and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.nextAttemptAt, at.since))),
    db
      .select({
        date: sql<Date>`coalesce(${mailOutbox.lastAttemptAt}, ${mailOutbox.createdAt})`.mapWith(mailOutbox.createdAt),
        erreur: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(
        and(
          ne(mailOutbox.status, 'sent'),
          isNotNull(mailOutbox.lastError),
          gte(sql`coalesce(${mailOutbox.lastAttemptAt}, ${mailOutbox.createdAt})`, at.since),
        ),
      )
      .orderBy(desc(sql`coalesce(${mailOutbox.lastAttemptAt}, ${mailOutbox.createdAt})`), desc(mailOutbox.id))
      .limit(1),
  ]);
  return {
    enAttente,
    enRetard,
    enEchec,
    derniereErreur: last ? { date: last.date, erreur: mailErrorFr(last.erreur) ?? '' } : null,
  };
}
