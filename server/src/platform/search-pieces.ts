import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * A "contains" search through a trigram index reads the index entry of every trigram of the term,
 * and intersects them. A trigram that most rows hold (« pro », « rie » in every landlord's e-mail
 * « proprietaire… ») is an entry of a million rows: « proprietaire4521 » read 3 900 index pages for
 * its 111 offers (56 ms), « 4521 » alone 9 (0.5 ms). So the index is asked for the longest piece of
 * the term without such trigrams, and each row it finds is checked against the whole term.
 */

/** A trigram held by at least this share of the rows is left out of the index lookup. */
export const FREQUENT_SHARE = 0.1;

/**
 * The longest piece of `term` (lower-cased, as the searched text is) whose trigrams are not
 * `frequent`, when there is one of 3 characters or more and it leaves some frequent trigram out;
 * otherwise undefined (the whole term goes to the index). Only for a term of ASCII letters, digits
 * and separators, which the database's lower-casing and accent removal leave as they are: a piece
 * is then a substring of the text the database searches. A piece never crosses a separator (the
 * index cuts words there).
 */
export function rarePiece(term: string, frequent: ReadonlySet<string>): string | undefined {
  const text = term.trim().toLowerCase();
  if (frequent.size === 0 || !/^[a-z0-9 @._'-]+$/.test(text)) return undefined;
  let best = '';
  let leftOut = false;
  for (const word of text.split(/[^a-z0-9]+/)) {
    // Runs of consecutive trigrams that are not frequent: each run is a piece of the word.
    let start = -1;
    for (let i = 0; i + 3 <= word.length; i++) {
      if (frequent.has(word.slice(i, i + 3))) {
        leftOut = true;
        start = -1;
        continue;
      }
      if (start < 0) start = i;
      const piece = word.slice(start, i + 3);
      if (piece.length > best.length) best = piece;
    }
  }
  return leftOut && best.length >= 3 ? best : undefined;
}

type Known = { at: number; trigrams: Promise<ReadonlySet<string>> };
/** Per database handle and statistics object; ANALYZE moves these shares slowly. */
const known = new WeakMap<object, Map<string, Known>>();
const KEEP_MS = 10 * 60_000;

/**
 * The trigrams that at least `FREQUENT_SHARE` of a table's rows hold, from its planner statistics
 * on `show_trgm(recherche)` (migration 0021; kept by ANALYZE, which PostgreSQL's autovacuum runs as
 * a table grows, and the embedded database's nightly `vacuum` job: jobs.ts). None before the first
 * ANALYZE: the search then asks the index for the whole term, as before.
 */
export function frequentTrigrams(db: DbOrTx, statistics: string, now = Date.now()): Promise<ReadonlySet<string>> {
  const byName = known.get(db) ?? new Map<string, Known>();
  known.set(db, byName);
  const kept = byName.get(statistics);
  if (kept && now - kept.at < KEEP_MS) return kept.trigrams;
  const trigrams = readFrequent(db, statistics);
  byName.set(statistics, { at: now, trigrams });
  // A failed read is asked again next time rather than kept.
  trigrams.catch(() => byName.delete(statistics));
  return trigrams;
}

async function readFrequent(db: DbOrTx, statistics: string) {
  // most_common_elem_freqs ends with three summary numbers, paired here with no element.
  const res = (await db.execute(sql`
    select u.e as trigram
    from pg_stats_ext_exprs s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(e, f)
    where s.statistics_schemaname = current_schema() and s.statistics_name = ${statistics}
      and u.e is not null and u.f >= ${FREQUENT_SHARE}`)) as unknown as { rows: { trigram: string }[] };
  return new Set(res.rows.map((r) => r.trigram));
}
