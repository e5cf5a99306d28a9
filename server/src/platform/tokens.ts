import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored hashed: a database leak gives no working link or session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
