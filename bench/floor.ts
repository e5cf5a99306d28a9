import {
  etudiantListQuerySchema,
  inscriptionsListQuerySchema,
  partenaireListQuerySchema,
  roleListQuerySchema,
} from '@guichet/contract';
import type { z } from 'zod';
import type { Db } from '../server/src/db/client.ts';
import { rolesRepository } from '../server/src/features/auth/roles.repository.ts';
import { etudiantsAdminList } from '../server/src/features/etudiants/admin-list.ts';
import { inscriptionsAdminList } from '../server/src/features/inscriptions/admin-list.ts';
import { partenairesAdminList } from '../server/src/features/partenaires/admin-list.ts';
import { parseQueryString } from '../server/src/platform/query-string.ts';
import type { LoadResult } from './load.ts';

/**
 * What each list's route handler does with the database (its page, its count, and the flags of the
 * page's rows: « doublon possible », « courriel en échec »), fed by the same query string as the
 * HTTP measure, parsed as the route does. The same function the route calls: the floor cannot leave
 * out a query the endpoint makes.
 */
const LIST_CALLS: Record<string, (db: Db, query: string) => Promise<unknown>> = {
  inscriptions: (db, q) => inscriptionsAdminList(db, parse(inscriptionsListQuerySchema, q)),
  etudiants: (db, q) => etudiantsAdminList(db, parse(etudiantListQuerySchema, q)),
  partenaires: (db, q) => partenairesAdminList(db, parse(partenaireListQuerySchema, q)),
  roles: (db, q) => rolesRepository.list(db, parse(roleListQuerySchema, q)),
};

/** The server's own query-string parser (app.ts) then the contract's schema, as Fastify runs them. */
const parse = <S extends z.ZodType>(schema: S, query: string): z.output<S> => schema.parse(parseQueryString(query));

/** A list's repository call for the query string of its address, as the floor and the bare route make it. */
export function listCall(db: Db, name: string, url: string): () => Promise<unknown> {
  const call = LIST_CALLS[name];
  // Raw, as the server receives it: the parser decodes (decoding here first read `%25` twice).
  const query = url.split('?')[1] ?? '';
  return () => call(db, query);
}

/**
 * The database's own share of a list: its queries alone, `concurrency` callers, no HTTP, no
 * session, no serialisation. What the endpoint cannot go below on this machine.
 */
export async function listFloor(
  db: Db,
  name: string,
  url: string,
  seconds: number,
  concurrency = 10,
): Promise<LoadResult> {
  const call = listCall(db, name, url);
  const latencies: number[] = [];
  const perCaller: number[] = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      perCaller[caller] = 0;
      while (performance.now() < end) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
        perCaller[caller]++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  const elapsed = (performance.now() - start) / 1000;
  return {
    requests: latencies.length,
    errors: 0,
    rps: latencies.length / elapsed,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    minPerClient: Math.min(...perCaller),
  };
}
