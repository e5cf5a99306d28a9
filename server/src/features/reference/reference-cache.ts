import type { DbOrTx } from '../../db/client.ts';
import { referenceRepository as repo } from './reference.repository.ts';

/**
 * The reference data every page carries and half of the public calls return (params, categories,
 * themes, statuses), kept a few seconds by each process. Only an operator changes it, in the
 * database: a page shows the change within REFERENCE_TTL_MS. Read once per period however many
 * callers ask together: on the embedded database, three reads per page view and one per call
 * queued behind the admin lists (issue 19, docs/decisions.md). The portal's own flows (mails,
 * the PDF) read the tables in their transaction, not here.
 */
export const REFERENCE_TTL_MS = 5_000;

const READS = {
  params: (db: DbOrTx) => repo.params(db),
  categories: (db: DbOrTx) => repo.categories(db),
  filtres: (db: DbOrTx) => repo.filtres(db),
  statuts: (db: DbOrTx) => repo.statuts(db),
};
type Kind = keyof typeof READS;
type Held = { at: number; value: Promise<unknown> };
const held = new WeakMap<object, Map<Kind, Held>>();

export const referenceCache = {
  get<K extends Kind>(db: DbOrTx, kind: K): ReturnType<(typeof READS)[K]> {
    let byKind = held.get(db);
    if (!byKind) {
      byKind = new Map();
      held.set(db, byKind);
    }
    const now = Date.now();
    const hit = byKind.get(kind);
    // A clock set back reads again rather than keep a copy longer.
    if (hit && now >= hit.at && now - hit.at < REFERENCE_TTL_MS) return hit.value as ReturnType<(typeof READS)[K]>;
    const value = READS[kind](db);
    const entry = { at: now, value };
    byKind.set(kind, entry);
    // A failed read is not kept: the next caller asks again.
    const table = byKind;
    value.catch(() => {
      if (table.get(kind) === entry) table.delete(kind);
    });
    return value as ReturnType<(typeof READS)[K]>;
  },
  /** After a command run inside the portal (a restore): its reference data is read again. */
  clear(db: DbOrTx) {
    held.delete(db);
  },
};
