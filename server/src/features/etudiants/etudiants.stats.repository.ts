import { STATUT } from '@guichet/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { after, countPerWeek, type Waiting, waitingFields } from '../../platform/weekly.ts';
import { etudiants } from './etudiants.tables.ts';

/** The student requests' figures of the staff dashboard and bell (issue 18): aggregates only. */
export const etudiantsStats = {
  /** Requests « En attente »: how many, the oldest's age, how many came in before `cutoff`. */
  async waiting(db: DbOrTx, now: Date, cutoff: Date): Promise<Waiting> {
    const [row] = await db
      .select(waitingFields(etudiants.date, now, cutoff))
      .from(etudiants)
      .where(eq(etudiants.statutId, STATUT.enAttente));
    return row;
  },

  /** Requests « En attente » made after `moment`. */
  async waitingAfter(db: DbOrTx, moment: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(etudiants)
      .where(and(eq(etudiants.statutId, STATUT.enAttente), after(etudiants.date, moment)));
    return row.n;
  },

  /** Requests made per week since that Monday, whatever became of them. */
  perWeek: (db: DbOrTx, weeks: readonly string[]) => countPerWeek(db, etudiants, etudiants.date, weeks),
};
