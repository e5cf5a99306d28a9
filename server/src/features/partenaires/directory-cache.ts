import { createHash } from 'node:crypto';
import type { PartenairePublic } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { COMPRESS_THRESHOLD, compressOnce, type Encoding } from '../../platform/compression.ts';
import { partenairesRepository as repo } from './partenaires.repository.ts';

/**
 * The public directory, serialized and UTF-8 encoded once per theme filter (a few hundred KB
 * need not be encoded again for every visitor) and kept for a few seconds: it is
 * the most requested page and changes only when staff publish. A write in this process
 * clears it at once; another process behind the same database sees the change within TTL_MS (and
 * the time of one read).
 */
const TTL_MS = 10_000;
/**
 * Entries kept at once: the ten themes and the usual combinations fit; anything else (a client
 * can ask for any list of ids) evicts the least recently used, so memory stays bounded.
 */
export const DIRECTORY_CACHE_MAX = 64;
/** `compressed`: brotli and gzip copies, each made once per entry on first demand (not per visitor). */
type Entry = {
  key: string;
  at: number;
  body: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
};

/**
 * One database's entries, the reads under way (one per key, however many visitors wait for it) and
 * a generation that a clear moves on: a read started before a write never lands after it.
 */
type Cache = { entries: Map<string, Entry>; loading: Map<string, Promise<Entry>>; generation: number };
const caches = new WeakMap<object, Cache>();
const cacheOf = (db: DbOrTx) => {
  let c = caches.get(db);
  if (!c) {
    c = { entries: new Map(), loading: new Map(), generation: 0 };
    caches.set(db, c);
  }
  return c;
};

function load(db: DbOrTx, cache: Cache, key: string, filtres: number[] | undefined): Promise<Entry> {
  const generation = cache.generation;
  const read = (async () => {
    const list: PartenairePublic[] = await repo.publicList(db, filtres);
    const body = Buffer.from(JSON.stringify(list));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry: Entry = { key, at: Date.now(), body, etag, compressed: {} };
    if (cache.generation === generation) remember(cache.entries, key, entry);
    return entry;
  })().finally(() => {
    if (cache.loading.get(key) === read) cache.loading.delete(key);
  });
  cache.loading.set(key, read);
  return read;
}

/** Most recently used last (a Map iterates in insertion order); the least recently used go first. */
function remember(entries: Map<string, Entry>, key: string, entry: Entry) {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > DIRECTORY_CACHE_MAX) entries.delete(entries.keys().next().value as string);
}

export const directoryCache = {
  /**
   * The entry for these themes. Visitors who miss together share one read (when an entry expires
   * under load, a hundred of them used to read the 5 000 partners a hundred times, queued behind
   * each other on the embedded database). An expired entry keeps being served while its one
   * refresh runs: at most TTL_MS plus a read old, like a copy in another process. A clear (a write)
   * leaves nothing to serve: the next visitor waits for the new list.
   */
  async get(db: DbOrTx, filtres: number[] | undefined): Promise<Entry> {
    const key = [...new Set(filtres ?? [])].sort((a, b) => a - b).join(',');
    const cache = cacheOf(db);
    const hit = cache.entries.get(key);
    if (hit) remember(cache.entries, key, hit);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const loading = cache.loading.get(key) ?? load(db, cache, key, filtres);
    if (!hit) return loading;
    // A refresh that fails is tried again by the next visitor; those served the old list meanwhile
    // have nothing to report.
    loading.catch(() => {});
    return hit;
  },
  /**
   * Whether `entry` is still what this process serves without a read: not cleared by a write, not
   * past TTL_MS. An answer built from it may be replayed until then (platform/replay.ts).
   */
  isCurrent(db: DbOrTx, entry: Entry): boolean {
    return Date.now() - entry.at < TTL_MS && cacheOf(db).entries.get(entry.key) === entry;
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
    return cacheOf(db).entries.size;
  },
  /** After a change that can alter what the public sees (statut, actif, category, theme, fields). */
  clear(db: DbOrTx) {
    const cache = cacheOf(db);
    cache.entries.clear();
    cache.loading.clear();
    cache.generation++;
  },
};
