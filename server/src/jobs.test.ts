import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUT } from '@guichet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../test/harness.ts';
import { askRunningServer, startAdminSocket } from './cli/admin-socket.ts';
import { CommandError } from './cli/command-error.ts';
import { runUserCommand } from './cli/user-commands.ts';
import { etudiants, inscriptions, jobRuns } from './db/schema.ts';
import { seedInscriptions } from './features/inscriptions/inscriptions.fixtures.ts';
import { atNight, JOBS, runJob, startDailyJobs } from './jobs.ts';
import { parisDay } from './platform/daily-jobs.ts';
import { frequentTrigrams } from './platform/search-pieces.ts';

describe(`tâches quotidiennes du portail (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_URL: 'https://guichet.example.fr' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lance offer-check une fois par jour, même planifiée par deux processus, et réveille l’envoi des courriels', async () => {
    const db = t.database.db;
    const [id] = await seedInscriptions(db, [
      { date: new Date(Date.now() - 90 * 24 * 3600_000), statut: STATUT.valide },
    ]);
    const logs: string[] = [];
    const log = { info: (_: object, msg: string) => logs.push(msg), error: (_: object, msg: string) => logs.push(msg) };
    const woken: string[] = [];
    const config = { ...t.config, wakeMail: () => woken.push('courrier') };
    // One clock for both schedules and the check: the day claimed does not depend on when midnight falls.
    const now = new Date();
    const clock = () => now;
    // Two processes' schedules on the same database.
    const first = startDailyJobs({ db, config, names: ['offer-check'], log, firstDelayMs: 10, clock });
    const second = startDailyJobs({ db, config, names: ['offer-check'], log, firstDelayMs: 10, clock });
    await expect.poll(async () => db.$count(jobRuns, eq(jobRuns.job, 'offer-check')), { timeout: 10_000 }).toBe(1);
    await first.stop();
    await second.stop();
    expect(logs).toEqual(['tâche quotidienne faite']);
    expect(woken).toEqual(['courrier']);
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'offer-check'));
    expect(row.day).toBe(parisDay(now));
    expect((await db.select().from(inscriptions).where(eq(inscriptions.id, id)))[0].dateRelance).not.toBeNull();
  });

  it('vacuum, la nuit seulement : la base embarquée reçoit ses statistiques (PostgreSQL les tient seul)', async () => {
    const db = t.database.db;
    // Requests that all share « etudiant » and « exemple »: the statistics will name those trigrams.
    await db.execute(sql`
      insert into etudiants (email, adresse, cp, ville, ecole)
      select 'etudiant' || g || '@univ-exemple.fr', '', '10000', 'TROYES', 'UTT' from generate_series(1, 300) g`);
    const logged: object[] = [];
    const log = { info: (obj: object) => logged.push(obj), error: (obj: object) => logged.push(obj) };
    const claimed = () => db.$count(jobRuns, eq(jobRuns.job, 'vacuum'));
    // 14:00 in Paris: the schedule leaves it for the night.
    const afternoon = new Date('2026-11-27T13:00:00Z');
    expect(atNight(afternoon)).toBe(false);
    // The same check runs the digest (claimed: the check did run) and leaves the vacuum.
    const day = startDailyJobs({
      db,
      config: t.config,
      names: ['digest', 'vacuum'],
      log,
      firstDelayMs: 1,
      clock: () => afternoon,
    });
    // That day's claim: the other tests of this file claim the digest for other days.
    const digestThatDay = and(eq(jobRuns.job, 'digest'), eq(jobRuns.day, '2026-11-27'));
    await expect.poll(() => db.$count(jobRuns, digestThatDay), { timeout: 10_000 }).toBe(1);
    await day.stop();
    expect(await claimed()).toBe(0);
    // Each run logs the day it ran as: the office's, read from the schedule's clock.
    expect(logged).toMatchObject([{ job: 'digest', day: '2026-11-27' }]);
    // 03:00 in Paris (winter time: 02:00 UTC).
    const night = new Date('2026-11-28T02:00:00Z');
    expect(atNight(night)).toBe(true);
    if (dbKind === 'postgres') {
      expect(await runJob(db, t.config, 'vacuum')).toEqual([
        'Tâche « vacuum » sans objet : PostgreSQL le fait de lui-même (autovacuum).',
      ]);
      expect(await claimed()).toBe(0);
      return;
    }
    const outcome = await JOBS.vacuum.run(db, t.config, night, parisDay(night));
    expect(outcome.ran).toBe(true);
    expect(await claimed()).toBe(1);
    expect(await frequentTrigrams(db, 'etudiants_recherche_trigrammes')).toContain('etu');
    const [{ visible }] = (
      (await db.execute(sql`select relallvisible as visible from pg_class where relname = 'etudiants'`)) as unknown as {
        rows: { visible: number }[];
      }
    ).rows;
    expect(visible).toBeGreaterThan(0);
    // Once a day.
    expect(await JOBS.vacuum.run(db, t.config, night, parisDay(night))).toEqual({ ran: false, reason: 'done' });
  });
  describe('une tâche lancée à la main pour une autre date (decisions §6.8)', () => {
    // 00:30 on 1 July in Paris (summer time), still 30 June in UTC: « today » is Paris's.
    const clock = () => new Date('2026-06-30T22:30:00Z');
    const job = (name: 'retention' | 'digest' | 'offer-check', date?: string) =>
      runUserCommand(t.database.db, { command: 'job', name, date }, { ...t.config, clock });
    const claimedDays = async (name: string) =>
      (await t.database.db.select({ day: jobRuns.day }).from(jobRuns).where(eq(jobRuns.job, name))).map((r) => r.day);

    it('retention refuse une date après demain, en français, sans rien effacer ; demain passe', async () => {
      const db = t.database.db;
      // A request from two years before: any run of retention would erase it.
      await db.insert(etudiants).values({
        email: 'avant-la-date@exemple.fr',
        adresse: '',
        cp: '10000',
        ville: 'TROYES',
        ecole: 'UTT',
        date: new Date('2024-06-01T10:00:00Z'),
      });
      const requests = () => db.$count(etudiants, eq(etudiants.email, 'avant-la-date@exemple.fr'));
      for (const date of ['2026-07-03', '2027-01-01', '2099-01-01']) {
        const refused = job('retention', date);
        await expect(refused).rejects.toBeInstanceOf(CommandError);
        await expect(refused).rejects.toThrow(
          `La tâche « retention » efface des données : elle ne peut pas tourner pour le ${date}, une date après demain (2026-07-02)`,
        );
      }
      expect(await requests()).toBe(1);
      expect(await claimedDays('retention')).not.toContain('2099-01-01');
      // Tomorrow in Paris (2 July) is allowed, though it is two days ahead in UTC.
      const lines = await job('retention', '2026-07-02');
      expect(lines[0]).toBe('Tâche « retention » faite pour le 2026-07-02.');
      expect(await requests()).toBe(0);
      expect(await claimedDays('retention')).toContain('2026-07-02');
    });

    it('les autres tâches acceptent jusqu’à 400 jours après aujourd’hui, pas un de plus', async () => {
      await expect(job('digest', '2027-08-06')).rejects.toThrow(
        'La tâche « digest » ne peut pas tourner pour le 2027-08-06 : au plus 400 jours après aujourd’hui (le 2027-08-05). Rien n’a été fait.',
      );
      await expect(job('offer-check', '2099-01-01')).rejects.toBeInstanceOf(CommandError);
      expect(await claimedDays('digest')).not.toContain('2027-08-06');
      expect(await job('digest', '2027-08-05')).toContain('Tâche « digest » faite pour le 2027-08-05.');
      // A past date is a replay, not a prediction: allowed.
      expect(await job('digest', '2026-01-15')).toContain('Tâche « digest » faite pour le 2026-01-15.');
    });

    it('le portail journalise le jour de chaque tâche demandée par « npm run job », refusée comme faite', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-taches-'));
      const logged: { obj: object; msg: string }[] = [];
      const push = (obj: object, msg: string) => logged.push({ obj, msg });
      const socket = await startAdminSocket({
        dataDir,
        db: t.database.db,
        log: { info: push, warn: push, error: push },
        config: { ...t.config, clock },
      });
      try {
        expect(await askRunningServer(dataDir, { command: 'job', name: 'digest' })).toMatchObject({ ok: true });
        expect(
          await askRunningServer(dataDir, { command: 'job', name: 'retention', date: '2099-01-01' }),
        ).toMatchObject({ ok: false });
      } finally {
        await socket?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(logged.filter((l) => l.msg !== 'socket d’administration ouvert')).toMatchObject([
        { msg: 'commande agent exécutée', obj: { command: 'job', job: 'digest', day: '2026-07-01' } },
        { msg: 'commande agent refusée', obj: { command: 'job', job: 'retention', date: '2099-01-01' } },
      ]);
    });
  });
});
