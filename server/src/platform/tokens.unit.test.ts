import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('jetons', () => {
  it('garde le SHA-256 en hexadécimal des jetons déjà enregistrés : sessions et liens restent valables', () => {
    // FIPS 180-2, appendix B.1: the digest every stored session and personal link was written with.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('tire 256 bits sûrs pour une URL, jamais deux fois le même', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });
});
