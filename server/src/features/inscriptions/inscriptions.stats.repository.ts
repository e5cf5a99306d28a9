import { STATUT } from '@guichet/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { after, countPerWeek, type Waiting, type WeekCount, waitingFields } from '../../platform/weekly.ts';
import { inscriptionEvenements, inscriptions } from './inscriptions.tables.ts';

/** The offers' figures of the staff dashboard and bell (issue 18): aggregates only. */
export const inscriptionsStats = {
  /** Offers « En attente »: how many, the oldest's age, how many came in before `cutoff`. */
  async waiting(db: DbOrTx, now: Date, cutoff: Date): Promise<Waiting> {
    const [row] = await db
      .select(waitingFields(inscriptions.date, now, cutoff))
      .from(inscriptions)
      .where(eq(inscriptions.statutId, STATUT.enAttente));
    return row;
  },

  /** Offers « En attente » registered after `moment`. */
  async waitingAfter(db: DbOrTx, moment: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(inscriptions)
      .where(and(eq(inscriptions.statutId, STATUT.enAttente), after(inscriptions.date, moment)));
    return row.n;
  },

  /** Offers registered per week since that Monday, whatever became of them. */
  perWeek: (db: DbOrTx, weeks: readonly string[]) => countPerWeek(db, inscriptions, inscriptions.date, weeks),

  /** Offers confirmed by their landlord and archived for want of an answer, per week (index type, date). */
  async checksPerWeek(
    db: DbOrTx,
    weeks: readonly string[],
  ): Promise<{ confirmees: WeekCount[]; expirees: WeekCount[] }> {
    const of = (type: 'confirmee' | 'expiree') =>
      countPerWeek(db, inscriptionEvenements, inscriptionEvenements.date, weeks, eq(inscriptionEvenements.type, type));
    const [confirmees, expirees] = await Promise.all([of('confirmee'), of('expiree')]);
    return { confirmees, expirees };
  },
};
