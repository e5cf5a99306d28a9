import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataDirBusyError, LOCK_FILE } from './data-lock.ts';

describe('verrou du dossier de données (base embarquée)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-lock-'));
    file = path.join(dir, LOCK_FILE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const owner = (pid: number) => JSON.stringify({ pid, holder: 'serveur', since: '2026-01-01T00:00:00.000Z' });
  /** A pid that existed a moment ago and is gone. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

  it('se prend une fois, se refuse tant qu’il est tenu, se rend', async () => {
    const lock = await acquireDataLock(dir, 'commande');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'commande' });
    await expect(acquireDataLock(dir, 'serveur')).rejects.toBeInstanceOf(DataDirBusyError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    (await acquireDataLock(dir, 'serveur')).release();
  });

  it('refuse quand un autre processus vivant le tient, en le nommant', async () => {
    writeFileSync(file, owner(process.ppid));
    const err = await acquireDataLock(dir, 'commande').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirBusyError);
    expect((err as Error).message).toMatch(`ouverte par le portail (processus n° ${process.ppid}`);
    expect(readFileSync(file, 'utf8')).toBe(owner(process.ppid));
  });

  it('reprend le verrou laissé par un processus mort, ou par une vie antérieure de ce pid', async () => {
    writeFileSync(file, owner(deadPid()));
    (await acquireDataLock(dir, 'serveur')).release();
    // A restarted container often gets the same pid: a lock naming us that we do not hold is stale.
    writeFileSync(file, owner(process.pid));
    (await acquireDataLock(dir, 'serveur')).release();
    writeFileSync(file, 'illisible');
    (await acquireDataLock(dir, 'serveur')).release();
  });

  it('attend qu’un autre processus finisse de lever un verrou périmé, et reprend un levage abandonné', async () => {
    writeFileSync(file, owner(deadPid()));
    mkdirSync(`${file}.break`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.break`, old, old);
    const lock = await acquireDataLock(dir, 'serveur');
    expect(existsSync(`${file}.break`)).toBe(false);
    lock.release();
  });
});
