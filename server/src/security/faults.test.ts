import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolumes } from '../../../bench/seed.ts';
import { dbKind, describeOn } from '../../test/harness.ts';
import { createDatabase, startPostgres } from '../../test/postgres-server.ts';
import { processStorage } from '../../test/process-storage.ts';
import { adminCookie, startServerProcess } from '../../test/server-process.ts';
import { migrate } from '../db/migrate.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';

const post = (base: string, body: unknown) =>
  fetch(`${base}/api/inscription/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    (r) => r.status,
    () => 0,
  );

describe(`pannes (${dbKind})`, () => {
  let store: Awaited<ReturnType<typeof processStorage>>;
  beforeAll(async () => {
    store = await processStorage('guichet-fautes-');
  });
  afterAll(() => store.cleanup());

  it('un arrêt brutal (SIGKILL) pendant une rafale d’écritures ne perd aucune écriture acquittée', async () => {
    const server = await startServerProcess(store.env);
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const email = `rafale${n++}@exemple.fr`;
        const body = validInscription();
        body.proprietaire.email = email;
        if ((await post(server.base, body)) === 200 && !killed) acknowledged.push(email);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 10));
    // Acknowledged strictly before the kill: anything answered after it is not counted.
    const before = [...acknowledged];
    killed = true;
    await server.kill('SIGKILL');
    await Promise.all(writers);

    // The server starts again on the same data, by itself (a stale lock is not an obstacle).
    const again = await startServerProcess(store.env);
    expect(await again.kill('SIGTERM')).toBe(0);

    const database = await store.open();
    try {
      const r = (await database.db.execute(
        sql`select email, nom, ville, proximite, surface, charges, statut_id from inscriptions where email like 'rafale%'`,
      )) as unknown as {
        rows: {
          email: string;
          nom: string;
          ville: string;
          proximite: string;
          surface: string;
          charges: string;
          statut_id: number;
        }[];
      };
      const stored = new Set(r.rows.map((row) => row.email));
      expect(before.filter((e) => !stored.has(e))).toEqual([]);
      for (const row of r.rows) {
        expect(row).toMatchObject({ nom: 'DUPONT', ville: 'TROYES', proximite: expect.any(String), statut_id: 1 });
        expect(Number(row.charges)).toBe(45.5);
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('SIGTERM laisse finir la requête en cours (un export complet) puis sort avec le code 0', async () => {
    const database = await store.open();
    await migrate(database);
    await seedVolumes(database.db, { inscriptions: 20_000, etudiants: 0, partenaires: 0 });
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from inscriptions`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    await database.close();

    const server = await startServerProcess(store.env);
    const cookie = await adminCookie(server.base);
    const res = await fetch(`${server.base}/api/admin/inscriptions/export`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    const exit = server.kill('SIGTERM');
    const chunks = [Buffer.from(first.value ?? [])];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines.length).toBe(n + 1); // header + every row, nothing cut
    const t = performance.now();
    expect(await exit).toBe(0);
    expect(performance.now() - t).toBeLessThan(30_000); // no wait on idle keep-alive connections
  }, 120_000);
});

describeOn('postgres', 'PostgreSQL redémarré sous trafic', () => {
  it('le serveur se rétablit seul, sans redémarrer', async () => {
    const pgServer = await startPostgres();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-pgrestart-'));
    try {
      const { url } = await createDatabase(pgServer.url('postgres'), 'guichet');
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: url });
      const cookie = await adminCookie(server.base);
      const list = () =>
        fetch(`${server.base}/api/admin/inscriptions/get/list/by/filters`, { headers: { cookie } }).then(
          (r) => r.status,
          () => 0,
        );
      expect(await list()).toBe(200);
      pgServer.restart();
      // The pool drops the cut connections; within a few seconds every request succeeds again.
      const deadline = Date.now() + 15_000;
      let streak = 0;
      while (streak < 20 && Date.now() < deadline) streak = (await list()) === 200 ? streak + 1 : 0;
      expect(streak).toBe(20);
      expect(server.child.exitCode).toBeNull();
      expect(await server.kill('SIGTERM')).toBe(0);
    } finally {
      pgServer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
