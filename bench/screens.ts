import type { Db } from '../server/src/db/client.ts';
import type { Volumes } from './seed.ts';

/**
 * The staff-operations screens (issue 18: dashboard, mail log, journal), each ≤ 1 s at the
 * bench's volumes (and at --scale 10 on PostgreSQL), opened by one agent.
 *
 * To add a screen: one entry below with the URL its page calls first (a contract path, with the
 * query it sends) and, if the seeded volumes leave its table empty, `seed` filling it in one
 * set-based statement (see seed.ts: generate_series, `v` scales with --scale).
 */
export type Screen = {
  /** As the results table names it: « Tableau de bord », « Courriels », « Journal ». */
  name: string;
  /** Requested in turn by one client; every answer must be 200. */
  urls: string[];
  seed?: (db: Db, v: Volumes) => Promise<void>;
};

export const SCREENS: Screen[] = [];

/** The budget of each screen: p95 of one agent's requests. */
export const SCREEN_BUDGET_MS = 1000;
