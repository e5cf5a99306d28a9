import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { DIRECTORY_CACHE_MAX, directoryCache } from './directory-cache.ts';
import { partenairesRepository } from './partenaires.repository.ts';

onPgliteOnly('cache borné de l’annuaire : ce qui est vérifié est en mémoire');

/** The directory's read answering an empty list once `release()` is called: a database that is slow to reply. */
function heldRead({ once = false } = {}) {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const spy = vi.spyOn(partenairesRepository, 'publicList');
  const held = async () => {
    await gate;
    return [];
  };
  const read = once ? spy.mockImplementationOnce(held) : spy.mockImplementation(held);
  return { read, release };
}

describe(`annuaire public : cache borné (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('garde au plus DIRECTORY_CACHE_MAX combinaisons de filtres, en évinçant la moins récemment lue', async () => {
    const db = t.app.db;
    directoryCache.clear(db);
    const first = await directoryCache.get(db, [1]);
    for (let i = 0; i < DIRECTORY_CACHE_MAX + 100; i++) {
      // Any list of ids a client sends is a new key.
      await directoryCache.get(db, [1000 + i]);
      if (i % 10 === 0) expect(await directoryCache.get(db, [1])).toBe(first); // kept while in use
    }
    expect(directoryCache.size(db)).toBe(DIRECTORY_CACHE_MAX);
    expect(await directoryCache.get(db, [1])).toBe(first);
    // The oldest unused combination went.
    const again = await directoryCache.get(db, [1000]);
    expect(directoryCache.size(db)).toBe(DIRECTORY_CACHE_MAX);
    expect(again.body.toString()).toBe('[]');
  });

  it('par l’API aussi : cent combinaisons de filtres ne font pas grossir le cache au-delà de sa borne', async () => {
    directoryCache.clear(t.app.db);
    for (let i = 0; i < 100; i++) {
      // The ten themes give 1023 combinations: the i-th one, from the bits of i + 1.
      const themes = Array.from({ length: 10 }, (_, b) => b + 1).filter((b) => ((i + 1) >> (b - 1)) & 1);
      const res = await t.app.inject({
        url: `/api/partenaire/get/valid?${themes.map((f) => `filtres[]=${f}`).join('&')}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(directoryCache.size(t.app.db)).toBe(DIRECTORY_CACHE_MAX);
  });

  it('cinquante visiteurs qui manquent ensemble la même entrée : une seule lecture de la base, la même réponse', async () => {
    const db = t.app.db;
    directoryCache.clear(db);
    const read = vi.spyOn(partenairesRepository, 'publicList');
    const entries = await Promise.all(Array.from({ length: 50 }, () => directoryCache.get(db, [2])));
    expect(read).toHaveBeenCalledTimes(1);
    expect(new Set(entries).size).toBe(1);
  });

  it('une entrée expirée sert encore pendant sa seule relecture, puis la nouvelle liste', async () => {
    const db = t.app.db;
    directoryCache.clear(db);
    const old = await directoryCache.get(db, [3]);
    const later = Date.now() + 11_000; // past the 10 s of an entry
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const { read, release } = heldRead();
    // While the refresh waits on the database, visitors get the old list at once.
    expect(await directoryCache.get(db, [3])).toBe(old);
    expect(await directoryCache.get(db, [3])).toBe(old);
    expect(read).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(async () => expect(await directoryCache.get(db, [3])).not.toBe(old));
    expect((await directoryCache.get(db, [3])).at).toBe(later);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('un changement pendant une lecture : la lecture d’avant ne revient pas dans le cache', async () => {
    const db = t.app.db;
    directoryCache.clear(db);
    const { read, release } = heldRead({ once: true });
    const before = directoryCache.get(db, [4]);
    // Staff publish meanwhile: their change clears the cache.
    directoryCache.clear(db);
    const after = directoryCache.get(db, [4]);
    release();
    const [stale, fresh] = await Promise.all([before, after]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(fresh).not.toBe(stale);
    expect(await directoryCache.get(db, [4])).toBe(fresh);
  });
});
