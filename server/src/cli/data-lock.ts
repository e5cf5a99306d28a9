import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { secureDataDir } from '../platform/data-dir.ts';

/**
 * The embedded database (PGlite in DATA_DIR/pglite) must be opened by one process at a time:
 * two processes writing the same data folder corrupt it. Whoever opens it (the server or a
 * `npm run user` command) first takes this lock file, and refuses to open when another live
 * process holds it.
 */
export const LOCK_FILE = 'pglite.lock';

export type LockHolder = 'serveur' | 'commande';
export type LockOwner = { pid: number; holder: LockHolder; since: string };
export type DataLock = { file: string; release: () => void };

export class DataDirBusyError extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly file: string,
  ) {
    const who = owner.holder === 'serveur' ? 'le portail' : 'une commande « npm run user »';
    super(
      `La base embarquée de ${path.dirname(file)} est ouverte par ${who} (processus n° ${owner.pid}, depuis ${owner.since}). ` +
        'Un seul processus peut l’ouvrir à la fois : réessayez quand il aura terminé.',
    );
  }
}

/** Lock files this process holds: a lock naming our own pid but absent here is a leftover of a previous life. */
const held = new Set<string>();

function isAlive(owner: LockOwner, file: string) {
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(file: string): { text: string; owner: LockOwner | undefined } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return { text, owner: Number.isInteger(owner.pid) ? owner : undefined };
  } catch {
    return { text, owner: undefined };
  }
}

/** Writes the whole file aside, then links it into place: the lock never exists half-written. */
function tryCreate(file: string, owner: LockOwner): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Removes a lock left by a dead process. Two processes may find the same stale lock: the
 * `.break` folder (mkdir is atomic) lets one of them remove it, and only if it is still the
 * same stale content, so a lock just taken by a third process is never removed.
 */
async function breakStale(file: string, staleText: string) {
  const mutex = `${file}.break`;
  try {
    mkdirSync(mutex);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A breaker that died within these few lines leaves the folder behind.
    const age = Date.now() - (statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 10_000) rmSync(mutex, { force: true, recursive: true });
    await sleep(50);
    return;
  }
  try {
    if (read(file)?.text === staleText) unlinkSync(file);
  } finally {
    rmdirSync(mutex);
  }
}

/** Takes the lock of `dataDir`, or throws `DataDirBusyError` naming the live process holding it. */
export async function acquireDataLock(dataDir: string, holder: LockHolder): Promise<DataLock> {
  secureDataDir(dataDir);
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  const me: LockOwner = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!held.has(file) && tryCreate(file, me)) {
      held.add(file);
      const release = () => {
        process.off('exit', release);
        if (!held.delete(file)) return;
        if (read(file)?.owner?.pid === process.pid) rmSync(file, { force: true });
      };
      // A crash leaves the file behind (the next start sees its process is gone); a normal exit removes it.
      process.on('exit', release);
      return { file, release };
    }
    const current = read(file);
    if (!current) continue;
    if (current.owner && isAlive(current.owner, file)) throw new DataDirBusyError(current.owner, file);
    await breakStale(file, current.text);
  }
  throw new Error(`Impossible de verrouiller ${file} : supprimez ce fichier si aucun processus n’utilise la base.`);
}
