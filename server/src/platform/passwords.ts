import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (~35 ms here).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spent on an unknown username, so timing does not tell which usernames exist. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
};

export const randomPassword = () => randomBytes(12).toString('base64url');
