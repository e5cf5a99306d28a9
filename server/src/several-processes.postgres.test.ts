import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUT } from '@guichet/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeOn } from '../test/harness.ts';
import { createDatabase } from '../test/postgres-server.ts';
import { adminCookie, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer.ts';
import { runUserCommand } from './cli/user-commands.ts';
import { type Database, openPostgres } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { etudiants, jobRuns, mailOutbox, partenaires } from './db/schema.ts';
import { multipart, pngLogo, validPartenaire } from './features/partenaires/partenaires.fixtures.ts';
import { parisDay } from './platform/daily-jobs.ts';
import { enqueueMail } from './platform/mail/index.ts';

/**
 * How the portal scales out (README, « Plusieurs processus ») : two real server processes on one
 * PostgreSQL database, as behind a load balancer. Everything they share lives in the database.
 */
describeOn('postgres', 'deux processus du portail sur une même base PostgreSQL', () => {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let peer: SmtpPeer;
  let env: (dataDir: string) => Record<string, string>;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  const DAY = 24 * 3600_000;

  const start = () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-multi-'));
    dataDirs.push(dataDir);
    return startServerProcess(env(dataDir));
  };
  const addOldRequest = async (email: string) => {
    const [row] = await database.db
      .insert(etudiants)
      .values({
        email,
        cp: '10000',
        ville: 'TROYES',
        ecole: 'UTT',
        statutId: STATUT.valide,
        date: new Date(Date.now() - 400 * DAY),
      })
      .returning({ id: etudiants.id });
    return row.id;
  };
  const requestExists = async (id: number) => (await database.db.$count(etudiants, eq(etudiants.id, id))) === 1;
  let firstOld: number;

  beforeAll(async () => {
    const created = await createDatabase(inject('postgresUrl'), `multi_${randomBytes(4).toString('hex')}`);
    dropDatabase = created.drop;
    database = await openPostgres(created.url);
    await migrate(database);
    // A student request past the retention period (365 days): the daily job's witness.
    firstOld = await addOldRequest('ancienne.demande@example.fr');
    peer = await startSmtpPeer({ delayMs: 5 });
    env = (dataDir) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: created.url,
      SMTP_URL: peer.url,
      PUBLIC_FORM_RATE_LIMIT: '5',
      // Each test logo weighs under 1 KB, counted as 1: the directory test's two, then two more.
      LOGO_QUOTA_KB_PER_ADDRESS: '4',
      JOBS_FIRST_CHECK_SECONDS: '1',
      LOG_LEVEL: 'info',
    });
    // Started together on a database without any agent: both create the first administrator.
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await peer?.close();
    await database?.close();
    await dropDatabase?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('les deux démarrent ensemble sur une base sans agent : un seul administrateur est créé', async () => {
    const created = (p: ServerProcess) => p.output.filter((l) => l.startsWith('Compte administrateur créé')).length;
    expect(created(a) + created(b)).toBe(1);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });

  it('la tâche quotidienne : les deux processus la déclenchent, un seul l’applique ; relancée le même jour, elle ne fait rien de plus', async () => {
    const lines = (p: ServerProcess, text: string) => p.output.filter((l) => l.includes(text)).length;
    const applied = () =>
      lines(a, 'conservation des données appliquée') + lines(b, 'conservation des données appliquée');
    const skipped = (p: ServerProcess) =>
      lines(p, 'conservation des données déjà faite') + lines(p, 'conservation des données déjà en cours');
    // Each process checks once, a second after its start.
    await expect.poll(() => applied() + skipped(a) + skipped(b), { timeout: 20_000 }).toBe(2);
    expect(applied()).toBe(1);
    expect(await requestExists(firstOld)).toBe(false);
    const today = parisDay(new Date());
    // (offer-check, the other daily job, claims its own row.)
    const retentionRuns = eq(jobRuns.job, 'retention');
    expect(await database.db.select({ job: jobRuns.job, day: jobRuns.day }).from(jobRuns).where(retentionRuns)).toEqual(
      [{ job: 'retention', day: today }],
    );

    // Another request past the period, then a process started again the same day: its check finds
    // the day's run done and deletes nothing (the next day's run will).
    const secondOld = await addOldRequest('autre.demande@example.fr');
    await b.kill('SIGTERM');
    b = await start();
    await expect.poll(() => skipped(b), { timeout: 20_000 }).toBe(1);
    expect(lines(b, 'conservation des données appliquée')).toBe(0);
    expect(await requestExists(secondOld)).toBe(true);
    expect(await database.db.$count(jobRuns, eq(jobRuns.job, 'retention'))).toBe(1);
  });

  const list = (p: ServerProcess, cookie: string) =>
    fetch(`${p.base}/api/admin/inscriptions/get/list/by/filters`, { headers: { cookie } }).then((r) => r.status);
  /** Each process keeps a session it read for SESSION_CACHE_SECONDS (5 s by default, docs/security.md). */
  const CACHE_MS = 5000;

  it('une session ouverte sur un processus sert sur l’autre ; fermée sur l’un, elle l’est à l’instant sur lui, en 5 s au plus sur l’autre', async () => {
    const cookie = await adminCookie(a.base);
    expect(await list(b, cookie)).toBe(200);
    expect(await list(a, cookie)).toBe(200);
    const out = await fetch(`${b.base}/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(await list(b, cookie)).toBe(401);
    // The other process reads the database again once its copy expires. How long it keeps a copy is
    // proven with a controlled clock in features/auth/session-cache.test.ts, not timed here.
    await expect.poll(() => list(a, cookie), { timeout: 3 * CACHE_MS, interval: 100 }).toBe(401);
  });

  it('un agent désactivé par `npm run user -- disable` (un autre processus) perd l’accès sur les deux en 5 s au plus', async () => {
    const username = `agent.multi.${randomBytes(3).toString('hex')}`;
    const password = 'mot-de-passe-du-test';
    await runUserCommand(database.db, {
      command: 'add',
      username,
      password,
      prenom: 'Lou',
      nom: 'Martin',
      roles: ['ROLE_USER'],
    });
    const login = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    // Both processes have just read the session and keep it.
    expect([await list(a, cookie), await list(b, cookie)]).toEqual([200, 200]);
    await runUserCommand(database.db, { command: 'disable', username });
    await expect
      .poll(async () => [await list(a, cookie), await list(b, cookie)], { timeout: 3 * CACHE_MS, interval: 100 })
      .toEqual([401, 401]);
  });

  it('chaque courriel part une fois, quel que soit le processus qui le prend', async () => {
    const n = 24;
    for (let i = 0; i < n; i++) {
      await database.db.transaction((tx) =>
        enqueueMail(
          tx,
          {
            to: `etudiant${i}@example.fr`,
            subject: `lot ${i}`,
            text: 'Bonjour',
            html: '<p>Bonjour</p>',
            kind: 'liste_logements',
          },
          { publicUrl: 'http://localhost:3000' },
        ),
      );
    }
    // Both dispatchers poll the outbox every 2 s and claim rows with FOR UPDATE SKIP LOCKED.
    const sent = () => database.db.$count(mailOutbox, eq(mailOutbox.status, 'sent'));
    await expect.poll(sent, { timeout: 30_000 }).toBe(n);
    const subjects = peer.received.map((m) => m.parsed.subject ?? '').filter((s) => s.startsWith('lot '));
    expect(subjects).toHaveLength(n);
    expect(new Set(subjects).size).toBe(n);
    const attempts = await database.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'lot %'));
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
  });

  it('un partenaire publié sur un processus paraît dans l’annuaire de l’autre, un partenaire retiré en disparaît, en moins de 10 s (durée du cache)', async () => {
    const cookie = await adminCookie(a.base);
    const register = async (p: ServerProcess, nom: string) => {
      const { payload, headers } = multipart('logo', 'logo.png', 'image/png', await pngLogo());
      const up = await fetch(`${p.base}/api/logo/upload`, { method: 'POST', headers, body: payload });
      expect(up.status).toBe(200);
      const { file } = (await up.json()) as { file: string };
      const res = await fetch(`${p.base}/api/partenaire/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validPartenaire(file, { nom })),
      });
      expect(res.status).toBe(200);
      const [row] = await database.db
        .select({ id: partenaires.id })
        .from(partenaires)
        .where(eq(partenaires.logo, file));
      return row.id;
    };
    /** Staff's edit on process `p`: the partner's current fields with a new status and visibility. */
    const publish = async (p: ServerProcess, id: number, set: { statut: number; actif: boolean }) => {
      const got = await fetch(`${p.base}/api/admin/partenaire/get/${id}`, { headers: { cookie } });
      const { partenaire: current } = (await got.json()) as { partenaire: Record<string, unknown> };
      const body = {
        partenaire: {
          ...current,
          categorie: 1,
          filtre: 1,
          ...set,
        },
      };
      const res = await fetch(`${p.base}/api/admin/partenaire/update/${id}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).toBe(200);
    };
    const directory = (p: ServerProcess) =>
      fetch(`${p.base}/api/partenaire/get/valid`)
        .then((r) => r.json() as Promise<{ id: number }[]>)
        .then((list) => list.map((x) => x.id).sort((x, y) => x - y));

    const leaving = await register(a, 'Vélo Campus');
    const coming = await register(b, 'Bibliothèque du Centre');
    await publish(a, leaving, { statut: STATUT.valide, actif: true });
    // Each process now holds the directory in its cache.
    expect(await directory(a)).toEqual([leaving]);
    expect(await directory(b)).toEqual([leaving]);

    await publish(a, leaving, { statut: STATUT.valide, actif: false });
    await publish(a, coming, { statut: STATUT.valide, actif: true });
    // The process that wrote clears its own cache: at once.
    expect(await directory(a)).toEqual([coming]);
    // The other one reads the database again when its entry, made before the change, is 10 s old.
    // How long an entry is kept is proven with a controlled clock in directory-cache.test.ts, not timed here.
    await expect.poll(() => directory(b), { timeout: 30_000, interval: 100 }).toEqual([coming]);
  });

  it('les limites de débit valent pour les deux processus ensemble', async () => {
    // Public form: 5 per minute from one address (PUBLIC_FORM_RATE_LIMIT), counted before validation.
    const submit = (p: ServerProcess) =>
      fetch(`${p.base}/api/etudiant/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.status);
    const forms: number[] = [];
    for (let i = 0; i < 5; i++) forms.push(await submit(i % 2 ? b : a));
    expect(forms).toEqual([400, 400, 400, 400, 400]);
    expect(await submit(a)).toBe(429);
    expect(await submit(b)).toBe(429);

    // Login: 5 failures per account and address, alternating between the processes.
    const login = (p: ServerProcess) =>
      fetch(`${p.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'personne', password: 'pas-le-bon-mot-de-passe' }),
      }).then((r) => r.status);
    const logins: number[] = [];
    for (let i = 0; i < 5; i++) logins.push(await login(i % 2 ? b : a));
    expect(logins).toEqual([400, 400, 400, 400, 400]);
    expect(await login(a)).toBe(429);
    expect(await login(b)).toBe(429);

    // Logo uploads: 4 KB per address in 24 h, the directory test having used 2 (one on each process).
    const upload = async (p: ServerProcess) => {
      const { payload, headers } = multipart('logo', 'logo.png', 'image/png', await pngLogo());
      return (await fetch(`${p.base}/api/logo/upload`, { method: 'POST', headers, body: payload })).status;
    };
    expect([await upload(a), await upload(b)]).toEqual([200, 200]);
    expect(await upload(a)).toBe(429);
    expect(await upload(b)).toBe(429);
  });
});
