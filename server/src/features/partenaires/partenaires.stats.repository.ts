import { STATUT } from '@guichet/contract';
import { and, count, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { after, before, countPerWeek, daysBefore, type Waiting, waitingFields } from '../../platform/weekly.ts';
import { partenaires as p } from './partenaires.tables.ts';

/**
 * When a partner's proposed changes came in: the answer to the renewal mail, else its last update,
 * else its registration (rows from before the answer was dated).
 */
const proposedOn = sql`coalesce(${p.renouvellementReponduLe}, ${p.dateLastUpdate}, ${p.date})`;
const isRegistrationWaiting = eq(p.statutId, STATUT.enAttente);
const hasProposal = isNotNull(p.tempdata);

/**
 * Since when a partner waits for staff, or null: its proposed changes, else its registration
 * « En attente ». The list's « En attente depuis N jours » flag and filter read it.
 */
export const partenaireWaitingSince =
  sql<Date | null>`(case when ${p.tempdata} is not null then ${proposedOn} when ${p.statutId} = ${STATUT.enAttente} then ${p.date} end)`.mapWith(
    p.date,
  );

/** The list filter « En attente depuis plus de N jours ». */
export function partenaireWaitingMoreThan(days: number): SQL | undefined {
  const moment = daysBefore(days);
  return or(and(hasProposal, before(proposedOn, moment)), and(isRegistrationWaiting, before(p.date, moment)));
}

/** The partners' figures of the staff dashboard and bell (issue 18): aggregates only. */
export const partenairesStats = {
  /** Registrations « En attente » and proposed changes awaiting review, each summed up. */
  async waiting(db: DbOrTx, now: Date, cutoff: Date): Promise<{ inscriptions: Waiting; modifications: Waiting }> {
    const [[inscriptions], [modifications]] = await Promise.all([
      db
        .select(waitingFields(p.date, now, cutoff))
        .from(p)
        .where(isRegistrationWaiting),
      db
        .select(waitingFields(proposedOn, now, cutoff))
        .from(p)
        .where(hasProposal),
    ]);
    return { inscriptions, modifications };
  },

  /** Registrations « En attente » and proposals that came in after `moment`. */
  async waitingAfter(db: DbOrTx, moment: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(p)
      .where(or(and(isRegistrationWaiting, after(p.date, moment)), and(hasProposal, after(proposedOn, moment))));
    return row.n;
  },

  /** Partners registered per week since that Monday, whatever became of them. */
  perWeek: (db: DbOrTx, weeks: readonly string[]) => countPerWeek(db, p, p.date, weeks),
};
