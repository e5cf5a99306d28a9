import { chmodSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR holds the embedded database, the .eml spool and the admin socket: only the portal's
 * system account may enter it (0700), even if it was created earlier with a wider mode. What is
 * inside is then out of others' reach whatever its own mode; the server also sets umask 077 so
 * that new files are 0600 (main.ts), and the spool writes its files 0600 itself.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Files and folders the process creates from now on: owner only (0600 / 0700). */
export const OWNER_ONLY_UMASK = 0o077;
