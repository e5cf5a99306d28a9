import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** Brute-force protection, shared by every server process through the database. */
export const LOGIN_LIMITS = { windowMinutes: 15, perUsername: 5, perIp: 20 } as const;
/** A failure (username and address: personal data) is kept a day, well past the window. */
export const LOGIN_FAILURE_KEEP_MS = 24 * 3600_000;

/** Retention: failures recorded before `before`. */
export async function purgeLoginFailures(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(loginFailures).where(lt(loginFailures.at, before)).returning({ id: loginFailures.id });
  return rows.length;
}

export function loginThrottle(db: Db) {
  const since = () => new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);
  return {
    async isBlocked(username: string, ip: string) {
      const key = username.toLowerCase();
      const [row] = await db
        .select({
          byUser: sql<number>`count(*) filter (where ${loginFailures.username} = ${key})::int`,
          byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
        })
        .from(loginFailures)
        .where(and(gt(loginFailures.at, since()), or(eq(loginFailures.username, key), eq(loginFailures.ip, ip))));
      return row.byUser >= LOGIN_LIMITS.perUsername || row.byIp >= LOGIN_LIMITS.perIp;
    },
    async recordFailure(username: string, ip: string) {
      await db.insert(loginFailures).values({ username: username.toLowerCase().slice(0, 100), ip: ip.slice(0, 64) });
      await purgeLoginFailures(db, new Date(Date.now() - LOGIN_FAILURE_KEEP_MS));
    },
  };
}
