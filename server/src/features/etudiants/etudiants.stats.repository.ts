import { STATUT } from '@guichet/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  after,
  byFirstColumn,
  parisWeek,
  sinceParisDay,
  type Waiting,
  type WeekCount,
  waitingFields,
} from '../../platform/weekly.ts';
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
  async perWeek(db: DbOrTx, weeks: readonly string[]): Promise<WeekCount[]> {
    const week = parisWeek(etudiants.date, weeks);
    return db
      .select({ semaine: week, n: count() })
      .from(etudiants)
      .where(sinceParisDay(etudiants.date, weeks[0]))
      .groupBy(byFirstColumn);
  },
};
