import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeOn } from '../../test/harness.ts';
import { startServerProcess } from '../../test/server-process.ts';

/** Every folder and file under `dir` whose mode lets another account in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const info = lstatSync(file);
    if (info.isSymbolicLink() || info.isSocket()) continue;
    if (info.mode & 0o077) found.push(`${file} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) found.push(...openToOthers(file));
  }
  return found;
}

describeOn('pglite', 'DATA_DIR du serveur réel', () => {
  it('au démarrage, DATA_DIR est en 0700 et rien dedans n’est ouvert aux autres comptes, base embarquée comprise', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'guichet-datadir-'));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755); // an existing folder, created too open
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await server.kill('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000); // a first start runs initdb: slow on a busy machine
});
