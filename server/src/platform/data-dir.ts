import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, the .eml spool and the admin socket: only the portal's
 * system account may enter it (0700), even if it was created earlier with a wider mode. What is
 * inside is then out of others' reach whatever its own mode. `everything`: also narrows what is
 * inside (folders 0700, files 0600): PGlite's WebAssembly file layer creates its files 0666 and
 * ignores the umask, so the server narrows them once the database is open.
 */
export function secureDataDir(dir: string, opts: { everything?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (opts.everything) narrow(dir);
}

function narrow(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const info = lstatSync(file);
    if (info.isSymbolicLink() || info.isSocket()) continue;
    if (info.isDirectory()) {
      chmodSync(file, 0o700);
      narrow(file);
    } else if (info.mode & 0o077) {
      chmodSync(file, info.mode & 0o700);
    }
  }
}

/** Files and folders the process creates from now on: owner only (0600 / 0700). */
export const OWNER_ONLY_UMASK = 0o077;
