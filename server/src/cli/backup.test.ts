import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolumes } from '../../../bench/seed.ts';
import { dbKind, describeOn, testDatabase } from '../../test/harness.ts';
import { adminCookie, startServerProcess } from '../../test/server-process.ts';
import type { Database } from '../db/client.ts';
import { inscriptions, logos, partenaires } from '../db/schema.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { CommandError } from './user-commands.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const snapshot = async (database: Database) => ({
  inscriptions: await database.db.select().from(inscriptions).orderBy(asc(inscriptions.id)),
  partenaires: await database.db.select().from(partenaires).orderBy(asc(partenaires.id)),
  logos: await database.db.select().from(logos),
});

describe(`sauvegarde et restauration (${dbKind})`, () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await testDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-sauvegarde-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restaure exactement ce qui était sauvegardé, et les identifiants continuent après', async () => {
    await seedVolumes(database.db, { inscriptions: 1500, etudiants: 300, partenaires: 40 });
    await database.db
      .insert(logos)
      .values({ name: `${'a'.repeat(32)}.png`, contentType: 'image/png', data: Buffer.from([0, 1, 2, 255]) });
    const before = await snapshot(database);
    const file = path.join(dir, 'base.jsonl.gz');
    const lines = await backupDatabase(database.db, file);
    expect(lines[0]).toMatch(/Sauvegarde écrite/);

    await database.db.execute(sql`delete from inscriptions where id % 2 = 0`);
    await database.db.update(partenaires).set({ nom: 'Modifié après la sauvegarde' });
    await restoreDatabase(database.db, file);
    expect(await snapshot(database)).toEqual(before);

    const [{ id }] = await database.db
      .insert(inscriptions)
      .values({ ...flat(), charges: '10' })
      .returning({ id: inscriptions.id });
    expect(id).toBe(Math.max(...before.inscriptions.map((i) => i.id)) + 1);
  });

  it('refuse un fichier qui n’est pas une sauvegarde, sans rien changer', async () => {
    const before = await snapshot(database);
    const bad = path.join(dir, 'faux.gz');
    writeFileSync(bad, 'pas une sauvegarde');
    await expect(restoreDatabase(database.db, bad)).rejects.toBeInstanceOf(CommandError);
    await expect(restoreDatabase(database.db, path.join(dir, 'absent.gz'))).rejects.toThrow(/introuvable/);
    expect(await snapshot(database)).toEqual(before);
  });
});

describeOn('pglite', 'npm run backup / restore pendant que le portail tourne', () => {
  it('passe par le portail (la base embarquée n’est ouverte qu’une fois)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-sauvegarde-portail-'));
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const add = (email: string) => {
        const body = validInscription();
        body.proprietaire.email = email;
        return fetch(`${server.base}/api/inscription/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      };
      expect((await add('avant@exemple.fr')).status).toBe(200);
      const env = { ...process.env, DATA_DIR: dataDir };
      const backup = spawnSync('npm', ['run', '-s', 'backup', '--', '--file', path.join(dataDir, 'b.gz')], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stderr).toMatch(/par le portail/);
      expect((await add('apres@exemple.fr')).status).toBe(200);
      const restore = spawnSync('npm', ['run', '-s', 'restore', '--', '--file', path.join(dataDir, 'b.gz')], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(restore.status, restore.stderr).toBe(0);
      const cookie = await adminCookie(server.base);
      const list = await fetch(`${server.base}/api/admin/inscriptions/get/list/by/filters?search=exemple.fr`, {
        headers: { cookie },
      });
      const emails = ((await list.json()) as { inscriptions: { email: string }[] }).inscriptions.map((i) => i.email);
      expect(emails).toEqual(['avant@exemple.fr']);
    } finally {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The stored columns of the valid wizard input. */
function flat() {
  const { proprietaire, logement } = validInscription();
  return {
    ...proprietaire,
    ...logement,
    nom: 'DUPONT',
    ascenceur: true,
    localVelo: false,
  } as unknown as typeof inscriptions.$inferInsert;
}
