import { describe, expect, it } from 'vitest';
import { loadOnce } from './lazy.ts';

describe('loadOnce', () => {
  it('fait une fois, au premier appel, ce que les appels suivants partagent, même ensemble', async () => {
    let made = 0;
    const get = loadOnce(async () => ({ n: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(made).toBe(1);
  });

  it('ne garde pas un échec : l’appel suivant essaie de nouveau', async () => {
    let tries = 0;
    const get = loadOnce(async () => {
      tries++;
      if (tries === 1) throw new Error('module introuvable');
      return 'chargé';
    });
    await expect(get()).rejects.toThrow('module introuvable');
    expect(await get()).toBe('chargé');
    expect(await get()).toBe('chargé');
    expect(tries).toBe(2);
  });
});
