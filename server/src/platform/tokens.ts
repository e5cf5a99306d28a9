import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/**
 * Tokens are stored hashed: a database leak gives no working link or session. Node's one-shot
 * `hash` makes no Hash object: 1.5 → 0.6 µs in a loop, where hashing cost an admin request ~16 µs
 * in place on a loaded server (docs/benchmarks.md, dix-septième passe).
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * A personal link (a partner's renewal link, later the landlord's page) works for `days` after
 * it was mailed: a mail kept in a mailbox or a backup for years opens nothing. Returns the
 * oldest sending date still valid; an expired link is answered exactly like an unknown one.
 */
export const linkValidSince = (days: number, now = new Date()) => new Date(now.getTime() - days * 24 * 3600_000);
