import { STATUT } from '@guichet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../test/harness.ts';
import { inscriptions, jobRuns } from './db/schema.ts';
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
    // Two processes' schedules on the same database.
    const first = startDailyJobs({ db, config, names: ['offer-check'], log, firstDelayMs: 10 });
    const second = startDailyJobs({ db, config, names: ['offer-check'], log, firstDelayMs: 10 });
    await expect.poll(async () => db.$count(jobRuns, eq(jobRuns.job, 'offer-check')), { timeout: 10_000 }).toBe(1);
    await first.stop();
    await second.stop();
    expect(logs).toEqual(['tâche quotidienne faite']);
    expect(woken).toEqual(['courrier']);
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'offer-check'));
    expect(row.day).toBe(parisDay(new Date()));
    expect((await db.select().from(inscriptions).where(eq(inscriptions.id, id)))[0].dateRelance).not.toBeNull();
  });

  it('vacuum, la nuit seulement : la base embarquée reçoit ses statistiques (PostgreSQL les tient seul)', async () => {
    const db = t.database.db;
    // Requests that all share « etudiant » and « exemple »: the statistics will name those trigrams.
    await db.execute(sql`
      insert into etudiants (email, adresse, cp, ville, ecole)
      select 'etudiant' || g || '@univ-exemple.fr', '', '10000', 'TROYES', 'UTT' from generate_series(1, 300) g`);
    const log = { info: () => {}, error: () => {} };
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
    await expect.poll(() => db.$count(jobRuns, eq(jobRuns.job, 'digest')), { timeout: 10_000 }).toBe(1);
    await day.stop();
    expect(await claimed()).toBe(0);
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
});
