import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { DIRECTORY_CACHE_MAX, directoryCache } from './directory-cache.ts';

describe(`annuaire public : cache borné (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

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
});
