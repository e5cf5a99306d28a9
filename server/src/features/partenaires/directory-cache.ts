import { createHash } from 'node:crypto';
import type { PartenairePublic } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { COMPRESS_THRESHOLD, compressOnce, type Encoding } from '../../platform/compression.ts';
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
/** `compressed`: brotli and gzip copies, each made once per entry on first demand (not per visitor). */
type Entry = { at: number; body: Buffer; etag: string; compressed: Partial<Record<Encoding, Promise<Buffer>>> };

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
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry: Entry = { at: Date.now(), body, etag, compressed: {} };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > DIRECTORY_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    return entry;
  },
  /**
   * The entry's bytes in `encoding` (undefined: raw), with their own ETag: a strong validator names
   * one representation. Small bodies go raw, as the compress plugin would send them.
   */
  async encoded(entry: Entry, encoding: Encoding | undefined): Promise<{ body: Buffer; etag: string }> {
    if (!encoding || entry.body.length < COMPRESS_THRESHOLD) return entry;
    entry.compressed[encoding] ??= compressOnce(entry.body, encoding);
    return { body: await entry.compressed[encoding], etag: `${entry.etag.slice(0, -1)}-${encoding}"` };
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
