import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
// OWASP: scrypt with N=2^17, r=8, p=1.
const N = 2 ** 17;
const R = 8;
const P = 1;
const LEN = 32;
const opts = { N, r: R, p: P, maxmem: 256 * N * R };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, LEN, opts);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r),
  });
  return timingSafeEqual(actual, expected);
}

/** Spent on an unknown username, so timing does not tell which usernames exist. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
};

export const randomPassword = () => randomBytes(12).toString('base64url');
