import { STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../test/harness.ts';
import { inscriptions, jobRuns } from './db/schema.ts';
import { seedInscriptions } from './features/inscriptions/inscriptions.fixtures.ts';
import { startDailyJobs } from './jobs.ts';
import { parisDay } from './platform/daily-jobs.ts';

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
});
