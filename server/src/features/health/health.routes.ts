import { referenceEndpoints } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../platform/app-instance.ts';
import { route } from '../../platform/route.ts';

/** A database that has not answered by then counts as down: a probe must not hang with it. */
export const HEALTH_TIMEOUT_MS = 5_000;

/**
 * `GET /api/health` for load balancers and container checks (docs/spec/decisions.md §1): 200 `{status:"ok"}`
 * when the database answers a query, 503 `{status:"error"}` otherwise. No session, no rate limit,
 * and at `warn` level, so a probe every few seconds does not fill the log; a failure is logged.
 */
export async function healthRoutes(app: AppInstance) {
  route(
    app,
    referenceEndpoints.health,
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`pas de réponse en ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'santé : la base de données ne répond pas');
        return reply.code(503).send({ status: 'error' });
      } finally {
        clearTimeout(timer);
      }
    },
    { logLevel: 'warn' },
  );
}
