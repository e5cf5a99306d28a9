import {
  etudiantListQuerySchema,
  inscriptionsListQuerySchema,
  partenaireListQuerySchema,
  roleListQuerySchema,
} from '@guichet/contract';
import qs from 'qs';
import type { z } from 'zod';
import type { Db } from '../server/src/db/client.ts';
import { rolesRepository } from '../server/src/features/auth/roles.repository.ts';
import { etudiantsRepository } from '../server/src/features/etudiants/etudiants.repository.ts';
import { inscriptionsRepository } from '../server/src/features/inscriptions/inscriptions.repository.ts';
import { partenairesRepository } from '../server/src/features/partenaires/partenaires.repository.ts';
import type { LoadResult } from './load.ts';

/** Each list's repository call, fed by the same query string as the HTTP measure (parsed as the route does). */
const LIST_CALLS: Record<string, (db: Db, query: string) => Promise<unknown>> = {
  inscriptions: (db, q) => inscriptionsRepository.list(db, parse(inscriptionsListQuerySchema, q)),
  etudiants: (db, q) => etudiantsRepository.list(db, parse(etudiantListQuerySchema, q)),
  partenaires: (db, q) => {
    const { annee, filter, ...rest } = parse(partenaireListQuerySchema, q);
    return partenairesRepository.list(db, { ...rest, filter: { ...filter, annee } });
  },
  roles: (db, q) => rolesRepository.list(db, parse(roleListQuerySchema, q)),
};

const parse = <S extends z.ZodType>(schema: S, query: string): z.output<S> =>
  schema.parse(qs.parse(query, { depth: 5, arrayLimit: 100 }));

/**
 * The database's own share of a list: its query alone, `concurrency` callers, no HTTP, no
 * session, no serialisation. What the endpoint cannot go below on this machine.
 */
export async function listFloor(
  db: Db,
  name: string,
  url: string,
  seconds: number,
  concurrency = 10,
): Promise<LoadResult> {
  const call = LIST_CALLS[name];
  const query = decodeURI(url.split('?')[1] ?? '');
  const latencies: number[] = [];
  const perCaller: number[] = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      perCaller[caller] = 0;
      while (performance.now() < end) {
        const t = performance.now();
        await call(db, query);
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
