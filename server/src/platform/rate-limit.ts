import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { rateLimitCounters } from './rate-limit.tables.ts';

/** How often one process deletes expired counters (the retention job also does, daily). */
const PURGE_EVERY_MS = 60_000;

export type Hits = {
  /** Start of the window the hits were counted in (`release` needs it). */
  windowStart: Date;
  /** Milliseconds until that window ends. */
  resetMs: number;
  /**
   * Per bucket, this hit's rank in the current window plus the previous window's hits weighted by
   * the part of it still inside a sliding window ending now: a sliding count without a row per hit.
   * Each concurrent hit gets its own rank, so a parallel burst passes no more than a sequence.
   */
  estimate: (bucket: string) => number;
};

export type RateCounters = ReturnType<typeof rateCounters>;

/** Counters every server process sees, in the database (docs/decisions.md, « Limites de débit et relais inverse »). */
export function rateCounters(db: Db, clock: () => number = Date.now) {
  let lastPurge = 0;
  let purging: Promise<unknown> = Promise.resolve();

  return {
    /**
     * Counts `amount` hits (1: one request; a size for a quota in kilobytes) in each bucket with
     * one statement, before the work it guards.
     */
    async hit(buckets: string[], windowMs: number, amount = 1): Promise<Hits> {
      const now = clock();
      const start = Math.floor(now / windowMs) * windowMs;
      const iso = (ms: number) => new Date(ms).toISOString();
      // Sorted: concurrent statements lock shared rows in one order, so they never deadlock.
      const unique = [...new Set(buckets.map((b) => b.slice(0, 200)))].sort();
      const rows = unique.map(
        (b) => sql`(${b}, ${iso(start)}::timestamptz, ${amount}::integer, ${iso(start + 2 * windowMs)}::timestamptz)`,
      );
      const res = (await db.execute(sql`
        with hit as (
          insert into rate_limit_counters as c (bucket, window_start, hits, expires_at)
          values ${sql.join(rows, sql`, `)}
          on conflict (bucket, window_start) do update set hits = c.hits + excluded.hits
          returning c.bucket, c.hits
        )
        select hit.bucket, hit.hits, coalesce(p.hits, 0) as previous
        from hit left join rate_limit_counters p
          on p.bucket = hit.bucket and p.window_start = ${iso(start - windowMs)}::timestamptz
      `)) as unknown as { rows: { bucket: string; hits: number; previous: number }[] };
      const weight = 1 - (now - start) / windowMs;
      const estimates = new Map(res.rows.map((r) => [r.bucket, Number(r.hits) + Number(r.previous) * weight]));
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        // Chained, so `settle` waits for every purge started, not just the last.
        purging = purging.then(() => purgeRateCounters(db, new Date(now)).catch(() => {}));
      }
      return {
        windowStart: new Date(start),
        resetMs: start + windowMs - now,
        estimate: (bucket) => estimates.get(bucket.slice(0, 200)) ?? 0,
      };
    },
    /** Takes back `amount` hits counted in `windowStart` (an attempt that turned out legitimate). */
    async release(buckets: string[], windowStart: Date, amount = 1) {
      if (buckets.length === 0) return;
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${rateLimitCounters.hits} - ${amount}::integer, 0)` })
        .where(
          and(
            inArray(
              rateLimitCounters.bucket,
              buckets.map((b) => b.slice(0, 200)),
            ),
            eq(rateLimitCounters.windowStart, windowStart),
            sql`${rateLimitCounters.hits} > 0`,
          ),
        );
    },
    /** Forgets a bucket in every window. */
    async clear(bucket: string) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.bucket, bucket.slice(0, 200)));
    },
    /** Resolves once a purge started by `hit` is over (before the database closes). */
    settle: () => purging,
  };
}

/** Deletes the counters whose windows no longer count at `now`. */
export async function purgeRateCounters(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, now))
    .returning({ bucket: rateLimitCounters.bucket });
  return rows.length;
}

/**
 * A @fastify/rate-limit store over the shared counters: each route limited on its own, one
 * statement per request, the same limit whichever process answers.
 */
export function databaseRateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = 'global',
    ) {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const bucket = `form:${this.route}:${key}`;
      counters.hit([bucket], timeWindow).then(
        (h) => callback(null, { current: Math.ceil(h.estimate(bucket)), ttl: h.resetMs }),
        (err: Error) => callback(err),
      );
    }
    // At run time @fastify/rate-limit passes the route under `routeInfo` (its types say otherwise).
    child(options: object) {
      const { method, url } = (options as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new DatabaseStore(undefined, `${[method].flat().join(',')} ${url}`);
    }
  }
  return DatabaseStore;
}
