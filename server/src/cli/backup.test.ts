import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@guichet/contract';
import { asc, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolumes } from '../../../bench/seed.ts';
import { dbKind, describeOn, testDatabase } from '../../test/harness.ts';
import { adminCookie, startServerProcess } from '../../test/server-process.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  agentRoles,
  agents,
  etudiants,
  inscriptionEvenements,
  inscriptionLiens,
  inscriptions,
  jobRuns,
  journal,
  logos,
  mailAttachments,
  mailOutbox,
  params,
  partenaires,
} from '../db/schema.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';
import type { AppInstance } from '../platform/app-instance.ts';
import { BACKUP_TABLES, backupDatabase, NOT_SAVED, restoreDatabase } from './backup.ts';
import { CommandError } from './command-error.ts';
import { runUserCommand } from './user-commands.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'mot-de-passe-sauvegarde';

/** Every saved table, every column, row for row in a stable order. */
async function snapshot(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const columns = Object.values(getTableColumns(table)).filter((c) => !c.generated);
    out[getTableName(table)] = await database.db
      .select()
      .from(table)
      .orderBy(...columns.map((c) => asc(c)));
  }
  return out;
}

/** Rows in every saved table, so that no comparison below is vacuous. */
async function fillEveryTable(database: Database) {
  const db = database.db;
  await seedVolumes(db, { inscriptions: 1500, etudiants: 300, partenaires: 40 });
  await db
    .insert(logos)
    .values({ name: `${'a'.repeat(32)}.png`, contentType: 'image/png', data: Buffer.from([0, 1, 2, 255]) });
  await agentsRepository.create(db, {
    username: 'gestion',
    password: PASSWORD,
    prenom: 'Élise',
    nom: 'Durand',
    roles: ['ROLE_USER'],
  });
  await agentsRepository.create(db, { username: 'ancien', password: PASSWORD, prenom: 'Luc', nom: 'Petit', roles: [] });
  await db.update(agents).set({ actif: false, photo: 'luc.png' }).where(eq(agents.username, 'ancien'));
  const [attachment] = await db
    .insert(mailAttachments)
    .values({ sha256: 'f'.repeat(64), content: Buffer.from('%PDF-1.4 é\u0000') })
    .returning({ id: mailAttachments.id });
  await db.insert(mailOutbox).values([
    {
      messageId: '<1@guichet.test>',
      to: 'lea@example.fr',
      subject: 'Liste des logements',
      text: 'Bonjour,',
      html: '<p>Bonjour,</p>',
      attachments: [{ filename: 'Liste.pdf', contentType: 'application/pdf', attachmentId: attachment.id }],
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2026-01-02T03:04:05.678Z'),
    },
    { messageId: '<2@guichet.test>', to: 'x@example.fr', subject: 'S', text: 't', html: 'h', lastError: 'refusé' },
  ]);
  await db.insert(jobRuns).values({ job: 'retention', day: '2026-11-23' });
  // A landlord's link, history, proposed changes and archiving reason (issue 17).
  const [offre] = await db.select({ id: inscriptions.id }).from(inscriptions).orderBy(asc(inscriptions.id)).limit(1);
  await db
    .update(inscriptions)
    .set({
      dateConfirmation: new Date('2026-03-04T05:06:07.089Z'),
      dateRelance: new Date('2026-04-05T06:07:08.009Z'),
      motifArchivage: 'loue',
      motifArchivageTexte: 'Loué à une étudiante de l’UTT, merci !',
      tempdata: { loyer: '450 €', ascenceur: true },
    })
    .where(eq(inscriptions.id, offre.id));
  await db.insert(inscriptionLiens).values({
    inscriptionId: offre.id,
    tokenHash: 'e'.repeat(64),
    expiresAt: new Date('2026-10-01T00:00:00.000Z'),
  });
  await db.insert(inscriptionEvenements).values([
    { inscriptionId: offre.id, type: 'recue' },
    { inscriptionId: offre.id, type: 'louee', detail: 'Loué à une étudiante de l’UTT, merci !' },
  ]);
  await db.insert(journal).values({
    agentId: 1,
    agent: 'Camille Durand (gestion)',
    action: 'inscription.statut',
    entite: 'inscription',
    entiteId: offre.id,
    resume: 'Offre validée',
    avant: { statut: 'En attente' },
    apres: { statut: 'Validé' },
  });
}

describe(`sauvegarde et restauration (${dbKind})`, () => {
  let database: Database;
  let app: AppInstance;
  let dir: string;
  beforeAll(async () => {
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_FORM_RATE_LIMIT: '0', DATA_DIR: '/nonexistent' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-sauvegarde-'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Both drivers answer `execute` with `{ rows }`. */
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const login = (username: string, password = PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const list = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/admin/inscriptions/get/list/by/filters', headers: { cookie } });

  it('sauvegarde chaque table de la base, sauf les sessions et les compteurs de limites, après celles qu’elle référence', async () => {
    // Read from the database the migrations built, not from the schema the list is derived from:
    // a table a migration creates but the backup forgets fails here.
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const saved = BACKUP_TABLES.map(getTableName);
    expect([...saved, ...NOT_SAVED.map(getTableName)].sort()).toEqual(tables.map((r) => r.name));
    expect(NOT_SAVED.map(getTableName)).toEqual([
      'sessions',
      'rate_limit_counters',
      'row_counts',
      'inscriptions_recherche',
    ]);

    const references = await rows<{ child: string; parent: string }>(
      sql`select c.relname as child, p.relname as parent from pg_constraint k
          join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
          where k.contype = 'f' and n.nspname = 'public'`,
    );
    expect(references.length).toBeGreaterThan(0);
    for (const { child, parent } of references) {
      if (!saved.includes(child) || child === parent) continue;
      expect(saved.indexOf(parent), `${child} → ${parent}`).toBeLessThan(saved.indexOf(child));
    }
  });

  it('restaure exactement ce qui était sauvegardé, table par table ; les agents se reconnectent et les identifiants continuent', async () => {
    await fillEveryTable(database);
    const staleLogin = await login('gestion');
    expect(staleLogin.statusCode).toBe(200);
    const staleCookie = `sid=${staleLogin.cookies.find((c) => c.name === 'sid')?.value}`;
    expect((await list(staleCookie)).statusCode).toBe(200);

    const before = await snapshot(database);
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([name]) => name)).toEqual([]);
    const file = path.join(dir, 'base.jsonl.gz');
    const lines = await backupDatabase(database.db, file);
    expect(lines[0]).toMatch(/Sauvegarde écrite/);
    expect(lines.slice(1)).toEqual(
      BACKUP_TABLES.map((t) => `  ${getTableName(t)} : ${before[getTableName(t)].length}`),
    );

    // Changes after the backup, in every kind of table, that the restore must undo.
    const db = database.db;
    await db.execute(sql`delete from inscriptions where id % 2 = 0`);
    await db.update(partenaires).set({ nom: 'Modifié après la sauvegarde' });
    await db.delete(agentRoles);
    await db.update(agents).set({ passwordHash: 'remplacé' });
    await db.update(params).set({ valeur: 'changé' });
    await db.delete(mailOutbox);
    await db.delete(etudiants).where(sql`id % 3 = 0`);
    await db.delete(logos);
    await agentsRepository.create(db, { username: 'intrus', password: PASSWORD, prenom: 'A', nom: 'B', roles: [] });

    // As the portal runs it (npm run restore through its admin socket): its kept sessions go too.
    await runUserCommand(database.db, { command: 'restore', file });
    expect(await snapshot(database)).toEqual(before);

    // Sessions are not restored: the old cookie is refused, the agent logs in again with the
    // password saved in the backup, and reads the list through the real app.
    expect((await list(staleCookie)).statusCode).toBe(401);
    const intrus = await login('intrus');
    expect(intrus.json()).toEqual({ logged: false, error: MESSAGES.identifiantsIncorrects });
    const again = await login('gestion');
    expect(again.statusCode).toBe(200);
    const cookie = `sid=${again.cookies.find((c) => c.name === 'sid')?.value}`;
    const res = await list(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1500);

    const [{ id }] = await database.db
      .insert(inscriptions)
      .values({ ...flat(), charges: '10' })
      .returning({ id: inscriptions.id });
    expect(id).toBe(Math.max(...(before.inscriptions as { id: number }[]).map((i) => i.id)) + 1);
    const [mail] = await db
      .insert(mailAttachments)
      .values({ sha256: 'e'.repeat(64), content: Buffer.from('x') })
      .returning({ id: mailAttachments.id });
    expect(mail.id).toBe(Math.max(...(before.mail_attachments as { id: number }[]).map((m) => m.id)) + 1);
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

describe(`sauvegarde : le fichier écrit ne passe par rien de déjà là (${dbKind})`, () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await testDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-sauvegarde-fichier-'));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const backup = (file: string, force?: boolean) =>
    runUserCommand(database.db, { command: 'backup', file, ...(force ? { force } : {}) });
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('un « .partiel » planté (0666) est refusé, laissé tel quel, et rien n’est écrit', async () => {
    const file = path.join(dir, 'plante.gz');
    writeFileSync(`${file}.partiel`, 'planté', { mode: 0o666 });
    chmodSync(`${file}.partiel`, 0o666);
    await expect(backup(file)).rejects.toThrow(/existe déjà.*rien n’a été écrit/);
    expect(readFileSync(`${file}.partiel`, 'utf8')).toBe('planté');
    expect(existsSync(file)).toBe(false);
  });

  it('un « .partiel » qui est un lien n’est jamais suivi', async () => {
    const file = path.join(dir, 'lien.gz');
    const victim = path.join(dir, 'victime.txt');
    writeFileSync(victim, 'intact');
    symlinkSync(victim, `${file}.partiel`);
    await expect(backup(file)).rejects.toBeInstanceOf(CommandError);
    expect(readFileSync(victim, 'utf8')).toBe('intact');
    expect(existsSync(file)).toBe(false);
  });

  it('une cible existante est refusée sans --force ; avec --force, remplacée par un fichier 0600, un lien remplacé et non suivi', async () => {
    const file = path.join(dir, 'existante.gz');
    writeFileSync(file, 'ancienne', { mode: 0o644 });
    await expect(backup(file)).rejects.toThrow(/--force/);
    expect(readFileSync(file, 'utf8')).toBe('ancienne');

    await backup(file, true);
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(existsSync(`${file}.partiel`)).toBe(false);

    const linked = path.join(dir, 'cible-lien.gz');
    const victim = path.join(dir, 'autre-victime.txt');
    writeFileSync(victim, 'intact', { mode: 0o666 });
    symlinkSync(victim, linked);
    await backup(linked, true);
    expect(readFileSync(victim, 'utf8')).toBe('intact');
    expect(lstatSync(linked).isSymbolicLink()).toBe(false);
    expect(mode(linked)).toBe(0o600);
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

      // One endless line, 65 Mo once decompressed from a file of a few dozen Ko: refused in French.
      const bomb = path.join(dataDir, 'bombe.gz');
      writeFileSync(bomb, gzipSync(`{"format":"guichet-sauvegarde","version":1}\n{"table":"${'x'.repeat(65 << 20)}`));
      const refused = spawnSync('npm', ['run', '-s', 'restore', '--', '--file', bomb], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/Sauvegarde refusée : .*Rien n’a changé/);
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      const after = await fetch(`${server.base}/api/admin/inscriptions/get/list/by/filters?search=exemple.fr`, {
        headers: { cookie },
      });
      expect(((await after.json()) as { inscriptions: unknown[] }).inscriptions).toHaveLength(1);
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
