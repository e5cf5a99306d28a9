import { STATUT } from '@guichet/contract';
import { and, type Column, count, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { parisDay } from './daily-jobs.ts';

/**
 * Weekly aggregates for the staff dashboard (issue 18): weeks start on Monday in Europe/Paris, as
 * the office counts them; the database groups, it never hands rows over.
 */

/**
 * The Monday (`YYYY-MM-DD`, Europe/Paris) among `weeks` (ascending) of the week a timestamp falls in
 * (the last for a later one). A binary search among the Mondays' midnights, computed once per query:
 * formatting each row's Paris week (to_char, date_trunc, time zone) took three times longer, 375
 * instead of 117 ms over the 330 000 offers of a year at a million. Used by `countPerWeek`.
 */
export const parisWeek = (column: Column | SQLWrapper, weeks: readonly string[]) => {
  const days = `{${weeks.join(',')}}`;
  return sql<string>`(${days}::text[])[width_bucket(${column}, array(select d::timestamp at time zone 'Europe/Paris' from unnest(${days}::date[]) d))]`;
};
/** `group by 1`: the week above is written once, its parameters would not match a second copy. */
const byFirstColumn = sql`1`;

/** From that Paris day's midnight on (the charts' first Monday): a range the date indexes serve. */
export const sinceParisDay = (column: Column | SQLWrapper, day: string): SQL =>
  sql`${column} >= (${day}::timestamp at time zone 'Europe/Paris')`;

/** A week and how many things happened in it. */
export type WeekCount = { semaine: string; n: number };

/** How many rows of `table` (matching `where`) fall in each of `weeks` by `column`; empty weeks are left out. */
export function countPerWeek(
  db: DbOrTx,
  table: PgTable,
  column: Column,
  weeks: readonly string[],
  where?: SQL,
): Promise<WeekCount[]> {
  return db
    .select({ semaine: parisWeek(column, weeks), n: count() })
    .from(table)
    .where(and(where, sinceParisDay(column, weeks[0])))
    .groupBy(byFirstColumn);
}

/** The Mondays of the `count` weeks ending with the week of `now` (Europe/Paris), oldest first. */
export function parisWeeks(now: Date, count: number): string[] {
  const today = new Date(`${parisDay(now)}T00:00:00Z`);
  const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000;
  return Array.from({ length: count }, (_, i) =>
    new Date(monday - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Counts by week laid on the given weeks: a week the database did not return counts zero. */
export function onWeeks(weeks: readonly string[], counts: readonly WeekCount[]): number[] {
  const byWeek = new Map(counts.map((c) => [c.semaine, c.n]));
  return weeks.map((w) => byWeek.get(w) ?? 0);
}

/** A moment as an SQL parameter, the same on both drivers. */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/**
 * What waits, as one aggregate row: how many, whole days since the oldest came in (null when none),
 * and how many came in before `cutoff` (now less AGEING_DAYS). `since` is when each item started waiting.
 */
export const waitingFields = (since: Column | SQLWrapper, now: Date, cutoff: Date) => ({
  total: sql<number>`count(*)`.mapWith(Number),
  plusAncienJours: sql<number | null>`floor(extract(epoch from (${at(now)} - min(${since}))) / 86400)::int`,
  enRetard: sql<number>`count(*) filter (where ${since} < ${at(cutoff)})`.mapWith(Number),
});
export type Waiting = { total: number; plusAncienJours: number | null; enRetard: number };

/** Came in after that moment (the bell's « since your last look »). */
export const after = (column: Column | SQLWrapper, moment: Date): SQL => sql`${column} > ${at(moment)}`;
/** Came in before that moment (the lists' « waiting more than N days »). */
export const before = (column: Column | SQLWrapper, moment: Date): SQL => sql`${column} < ${at(moment)}`;

/** `days` whole days before `now`. */
export const daysBefore = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000);

/** The lists' filter « En attente depuis plus de N jours »: status « En attente » and came in over N days ago. */
export const waitingMoreThan = (statut: Column, since: Column | SQLWrapper, days: number): SQL =>
  sql`(${statut} = ${STATUT.enAttente} and ${before(since, daysBefore(days))})`;
