import { createHash } from 'node:crypto';
import type { PartenairePublic } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { partenairesRepository as repo } from './partenaires.repository.ts';

/**
 * The public directory, serialized and UTF-8 encoded once per theme filter (a few hundred KB
 * need not be encoded again for every visitor) and kept for a few seconds: it is
 * the most requested page and changes only when staff publish. A write in this process
 * clears it at once; another process behind the same database sees the change within TTL_MS.
 */
const TTL_MS = 10_000;
/**
 * Entries kept at once: the ten themes and the usual combinations fit; anything else (a client
 * can ask for any list of ids) evicts the least recently used, so memory stays bounded.
 */
export const DIRECTORY_CACHE_MAX = 64;
type Entry = { at: number; body: Buffer; etag: string };

const caches = new WeakMap<object, Map<string, Entry>>();
const cacheOf = (db: DbOrTx) => {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
};

export const directoryCache = {
  async get(db: DbOrTx, filtres: number[] | undefined): Promise<Entry> {
    const key = [...new Set(filtres ?? [])].sort((a, b) => a - b).join(',');
    const cache = cacheOf(db);
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) {
      // Most recently used last: a Map iterates in insertion order.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const list: PartenairePublic[] = await repo.publicList(db, filtres);
    const body = Buffer.from(JSON.stringify(list));
    const entry = { at: Date.now(), body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > DIRECTORY_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    return entry;
  },
  /** Entries held for this database (tests). */
  size(db: DbOrTx): number {
    return cacheOf(db).size;
  },
  /** After a change that can alter what the public sees (statut, actif, category, theme, fields). */
  clear(db: DbOrTx) {
    cacheOf(db).clear();
  },
};
