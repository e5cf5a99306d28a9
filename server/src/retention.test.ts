import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STATUT } from '@guichet/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { dbKind, describeOn, type TestApp, testApp } from '../test/harness.ts';
import type { Db, Tx } from './db/client.ts';
import {
  etudiants,
  inscriptionEvenements,
  inscriptionLiens,
  inscriptions,
  jobRuns,
  journal,
  logos,
  mailAttachments,
  mailOutbox,
  partenaires,
  rateLimitCounters,
  sessions,
} from './db/schema.ts';
import { seedInscriptions } from './features/inscriptions/inscriptions.fixtures.ts';
import { createLandlordLink, LANDLORD_LINK_DAYS } from './features/inscriptions/landlord-links.ts';
import { register, uploadedLogo } from './features/partenaires/partenaires.fixtures.ts';
import { parisDay } from './platform/daily-jobs.ts';
import { enqueueMail } from './platform/mail/index.ts';
import { hashToken } from './platform/tokens.ts';
import { type RetentionCounts, runRetention, startRetentionJob, tryRetentionLock } from './retention.ts';

const DAY = 24 * 3600_000;
const MIN = 60_000;
const NOW = new Date();
const config = { retentionDays: 365, sessionIdleMinutes: 120 };
/** The retention limit as of NOW: a row changed before it is past the period. */
const LIMIT = NOW.getTime() - 365 * DAY;
const outside = new Date(LIMIT - MIN);
const inside = new Date(LIMIT + MIN);
const ZERO: RetentionCounts = {
  etudiants: 0,
  inscriptions: 0,
  partenaires: 0,
  logos: 0,
  courriels: 0,
  piecesJointes: 0,
  sessions: 0,
  compteursLimites: 0,
  liensProprietaires: 0,
  journal: 0,
};

async function addEtudiant(db: Db, date: Date, statutId: number, email = 'camille@example.fr') {
  const [row] = await db
    .insert(etudiants)
    .values({ email, cp: '10000', ville: 'TROYES', ecole: 'UTT', statutId, date })
    .returning({ id: etudiants.id });
  return row.id;
}

/** A mail queued the real way, then given the state and dates a test needs. */
async function addMail(db: Db, set: { status: string; createdAt?: Date; sentAt?: Date | null }, body?: Buffer) {
  const id = await db.transaction((tx) =>
    enqueueMail(
      tx,
      {
        to: 'camille@example.fr',
        subject: 'Votre liste de logements',
        text: 'Bonjour',
        html: '<p>Bonjour</p>',
        attachments: body ? [{ filename: 'logements.pdf', contentType: 'application/pdf', content: body }] : [],
        kind: 'liste_logements',
      },
      { publicUrl: 'http://localhost:3000' },
    ),
  );
  await db.update(mailOutbox).set(set).where(eq(mailOutbox.id, id));
  return id;
}
const attachmentOf = async (db: Db, mailId: number) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)))[0].attachments[0].attachmentId;

async function setPartenaire(db: Db, id: number, set: Partial<typeof partenaires.$inferInsert>) {
  await db.update(partenaires).set(set).where(eq(partenaires.id, id));
}
const idsOf = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id).sort((a, b) => a - b);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe(`conservation des données (${dbKind})`, () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await testApp();
    db = t.app.db;
  });
  afterAll(() => t.close());

  it('la durée par défaut est de 365 jours', () => {
    expect(t.config.retentionDays).toBe(365);
  });

  it('supprime ce qui a dépassé la durée, garde ce qui est juste en deçà, puis ne supprime plus rien', async () => {
    // Its own portal and database: it counts every row the pass deletes and keeps, which the other
    // tests of this file, in whatever order they ran, must not have touched.
    const t = await testApp();
    onTestFinished(() => t.close());
    const db = t.app.db;
    const agentId = (await t.agent(['ROLE_USER'])).id;
    // Student requests: every status goes once past the period.
    const etudiantsGone = [];
    const etudiantsKept = [];
    for (const statut of [1, 2, 3, 4]) {
      etudiantsGone.push(await addEtudiant(db, outside, statut));
      etudiantsKept.push(await addEtudiant(db, inside, statut));
    }

    // Landlord offers: refused and archived ones with nothing dated in the period (deposit or event);
    // pending and validated stay.
    const [refusedOld, refusedRecent, archivedOld, pendingOld, validatedOld, archivedLately, refusedLately] =
      await seedInscriptions(db, [
        { date: outside, statut: STATUT.refuse },
        { date: inside, statut: STATUT.refuse },
        { date: outside, statut: STATUT.archive },
        { date: outside, statut: STATUT.enAttente },
        { date: outside, statut: STATUT.valide },
        { date: outside, statut: STATUT.archive },
        { date: outside, statut: STATUT.refuse },
      ]);
    await db.insert(inscriptionEvenements).values([
      { inscriptionId: archivedOld, type: 'louee', date: outside },
      { inscriptionId: archivedLately, type: 'louee', date: inside },
      { inscriptionId: refusedLately, type: 'refusee', date: inside },
    ]);

    // Partners: refused ones whose last change is past the period.
    const refusedLogo = await uploadedLogo(t.app);
    const sharedLogo = await uploadedLogo(t.app);
    const proposedLogo = await uploadedLogo(t.app);
    const freshOrphan = await uploadedLogo(t.app);
    const pGone = await register(t.app, { logo: refusedLogo });
    const pSharedGone = await register(t.app, { logo: sharedLogo });
    const pSharedKeeper = await register(t.app);
    const pProposedGone = await register(t.app, { logo: proposedLogo });
    const pUpdated = await register(t.app);
    const pRenewal = await register(t.app);
    const pPending = await register(t.app);
    const pArchived = await register(t.app);
    const pRecent = await register(t.app);
    for (const id of [pGone, pSharedGone, pProposedGone, pUpdated, pRenewal, pPending, pRecent]) {
      await setPartenaire(db, id, { statutId: STATUT.refuse, date: outside });
    }
    await setPartenaire(db, pRecent, { date: inside });
    await setPartenaire(db, pUpdated, { dateLastUpdate: inside });
    await setPartenaire(db, pRenewal, { tokenSentAt: inside, tokenHash: randomBytes(32).toString('hex') });
    const [pendingRow] = await db.select().from(partenaires).where(eq(partenaires.id, pPending));
    await setPartenaire(db, pPending, { tempdata: { ...pendingRow, nom: 'Proposition à examiner' } });
    await setPartenaire(db, pArchived, { statutId: STATUT.archive, date: outside });
    // Another partner uses one refused partner's logo and proposes another's: both logos stay.
    const [keeperRow] = await db.select().from(partenaires).where(eq(partenaires.id, pSharedKeeper));
    await setPartenaire(db, pSharedKeeper, { logo: sharedLogo, tempdata: { ...keeperRow, logo: proposedLogo } });

    // Mail: sent or abandoned past the period goes; a body goes when no remaining mail uses it.
    const onlyOld = randomBytes(64);
    const shared = randomBytes(64);
    const sentOld = await addMail(db, { status: 'sent', sentAt: outside }, onlyOld);
    const sentOldShared = await addMail(db, { status: 'sent', sentAt: outside }, shared);
    const sentRecent = await addMail(db, { status: 'sent', sentAt: inside }, shared);
    const failedOld = await addMail(db, { status: 'failed', createdAt: outside });
    const failedRecent = await addMail(db, { status: 'failed', createdAt: inside });
    const pendingOldMail = await addMail(db, { status: 'pending', createdAt: outside });
    const onlyOldId = await attachmentOf(db, sentOld);
    const sharedId = await attachmentOf(db, sentRecent);

    // Sessions idle past SESSION_IDLE_MINUTES; rate-limit counters past their expiry.
    const session = (lastSeenAt: Date) => ({ id: randomBytes(32).toString('hex'), agentId, lastSeenAt });
    const idle = session(new Date(NOW.getTime() - 120 * MIN - MIN));
    const active = session(new Date(NOW.getTime() - 120 * MIN + MIN));
    await db.insert(sessions).values([idle, active]);
    const counter = (bucket: string, expiresAt: Date) => ({ bucket, windowStart: NOW, hits: 3, expiresAt });
    await db
      .insert(rateLimitCounters)
      .values([
        counter('login:pair:camille|192.0.2.1', new Date(NOW.getTime() - MIN)),
        counter('login:pair:camille|192.0.2.2', new Date(NOW.getTime() + MIN)),
      ]);

    // Journal lines: kept as long as the data they name, then gone like it.
    const line = (date: Date, resume: string) => ({
      date,
      action: 'inscription.statut',
      agent: 'Marie MARTIN',
      resume,
    });
    await db
      .insert(journal)
      .values([line(outside, 'ancienne'), line(outside, 'ancienne aussi'), line(inside, 'récente')]);

    const sessionsBefore = await db.$count(sessions);
    const counts = await runRetention(db, config, NOW);
    expect(counts).toEqual({
      etudiants: 4,
      inscriptions: 2,
      partenaires: 3,
      logos: 1,
      courriels: 3,
      piecesJointes: 1,
      sessions: 1,
      compteursLimites: 1,
      liensProprietaires: 0,
      journal: 2,
    });
    const resumes = (await db.select({ resume: journal.resume }).from(journal)).map((r) => r.resume);
    expect(resumes).toContain('récente');
    expect(resumes).not.toContain('ancienne');

    expect(await idsOf(db.select({ id: etudiants.id }).from(etudiants))).toEqual(sorted(etudiantsKept));
    const offers = () => idsOf(db.select({ id: inscriptions.id }).from(inscriptions));
    expect(await offers()).toEqual(sorted([refusedRecent, pendingOld, validatedOld, archivedLately, refusedLately]));
    expect(await offers()).not.toContain(refusedOld);
    expect(await offers()).not.toContain(archivedOld);
    expect(await idsOf(db.select({ id: partenaires.id }).from(partenaires))).toEqual(
      sorted([pSharedKeeper, pUpdated, pRenewal, pPending, pArchived, pRecent]),
    );
    const logoNames = (await db.select({ name: logos.name }).from(logos)).map((r) => r.name);
    expect(logoNames).not.toContain(refusedLogo);
    // Still used by a partner, by a proposal, or uploaded for a form being filled in.
    expect(logoNames).toEqual(expect.arrayContaining([sharedLogo, proposedLogo, freshOrphan]));
    expect((await t.app.inject({ url: `/api/file/download/${refusedLogo}` })).statusCode).toBe(404);

    const mails = (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    expect(mails).toEqual(expect.arrayContaining([sentRecent, failedRecent, pendingOldMail]));
    expect(mails.filter((id) => [sentOld, sentOldShared, failedOld].includes(id))).toEqual([]);
    const bodies = (await db.select({ id: mailAttachments.id }).from(mailAttachments)).map((r) => r.id);
    expect(bodies).toContain(sharedId);
    expect(bodies).not.toContain(onlyOldId);

    const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(sessionIds).toContain(active.id);
    expect(sessionIds).not.toContain(idle.id);
    expect(sessionIds).toHaveLength(sessionsBefore - 1);
    const counters = await db.select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters);
    expect(counters.map((c) => c.bucket)).toContain('login:pair:camille|192.0.2.2');
    expect(counters.map((c) => c.bucket)).not.toContain('login:pair:camille|192.0.2.1');

    // Idempotent: a second run finds nothing left to delete.
    expect(await runRetention(db, config, NOW)).toEqual(ZERO);

    // Two minutes later, the rows that were just inside are past the period in turn (the refused
    // partners last updated or mailed then too, with their own logos).
    expect(await runRetention(db, config, new Date(NOW.getTime() + 2 * MIN))).toEqual({
      etudiants: 4,
      inscriptions: 3,
      partenaires: 3,
      logos: 3,
      courriels: 2,
      piecesJointes: 1,
      sessions: 1,
      compteursLimites: 1,
      liensProprietaires: 0,
      journal: 1,
    });
    expect(await offers()).toEqual(sorted([pendingOld, validatedOld]));
  });

  it('supprime les liens personnels des propriétaires dès leur expiration, garde ceux qui ouvrent encore la page', async () => {
    // Its own clock: links are checked against the real time by the page.
    const now = new Date();
    const [offre] = await seedInscriptions(db, [{ date: now, statut: STATUT.valide }]);
    const mailed = (msAgo: number) => createLandlordLink(db, offre, new Date(now.getTime() - msAgo));
    const expired = await mailed(LANDLORD_LINK_DAYS * DAY + MIN);
    const valid = await mailed(LANDLORD_LINK_DAYS * DAY - 10 * MIN);
    const page = async (token: string) => (await t.app.inject({ url: `/api/logement/${token}` })).statusCode;
    expect(await page(expired)).toBe(404);
    expect(await page(valid)).toBe(200);
    const links = async () =>
      (
        await db
          .select({ hash: inscriptionLiens.tokenHash })
          .from(inscriptionLiens)
          .where(eq(inscriptionLiens.inscriptionId, offre))
      ).map((r) => r.hash);

    expect((await runRetention(db, config, now))?.liensProprietaires).toBe(1);
    expect(await links()).toEqual([hashToken(valid)]);
    expect(await page(valid)).toBe(200);
    // Eleven minutes later the other one has expired too: it goes, the offer stays.
    expect((await runRetention(db, config, new Date(now.getTime() + 11 * MIN)))?.liensProprietaires).toBe(1);
    expect(await links()).toEqual([]);
    expect(await db.$count(inscriptions, eq(inscriptions.id, offre))).toBe(1);
  });

  it('la durée configurée est celle appliquée', async () => {
    const eightyDaysAgo = await addEtudiant(db, new Date(NOW.getTime() - 80 * DAY), STATUT.valide);
    const fiftyDaysAgo = await addEtudiant(db, new Date(NOW.getTime() - 50 * DAY), STATUT.valide);
    expect((await runRetention(db, { ...config, retentionDays: 60 }, NOW))?.etudiants).toBe(1);
    const left = await db
      .select({ id: etudiants.id })
      .from(etudiants)
      .where(inArray(etudiants.id, [eightyDaysAgo, fiftyDaysAgo]));
    expect(left).toEqual([{ id: fiftyDaysAgo }]);
  });

  it('deux passages simultanés : un seul supprime, l’autre ne trouve rien ou s’efface', async () => {
    await addEtudiant(db, outside, STATUT.refuse);
    await addEtudiant(db, outside, STATUT.enAttente);
    const results = await Promise.all([runRetention(db, config, NOW), runRetention(db, config, NOW)]);
    const deleting = results.filter((r) => r && r.etudiants > 0);
    expect(deleting).toHaveLength(1);
    expect(deleting[0]?.etudiants).toBe(2);
    const other = results.find((r) => !(r && r.etudiants > 0));
    // PostgreSQL: the second run overlaps and steps aside (undefined) or runs after and finds nothing.
    // PGlite has one connection: the second waits for the first, then finds nothing.
    expect(other === undefined || JSON.stringify(other) === JSON.stringify(ZERO)).toBe(true);
  });

  it('la tâche quotidienne passe peu après le démarrage et ne journalise que des nombres', async () => {
    const email = 'journal.prive@example.fr';
    // Today's run not claimed yet, whichever test ran the schedule before.
    await db.delete(jobRuns);
    const old = await addEtudiant(db, new Date(Date.now() - 400 * DAY), STATUT.valide, email);
    const lines: { obj: object; msg: string }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), error: () => {} };
    const job = startRetentionJob({ db, config, log, firstDelayMs: 10, intervalMs: 3_600_000 });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
    await job.stop();
    expect(await db.select().from(etudiants).where(eq(etudiants.id, old))).toEqual([]);
    expect(lines[0].msg).toBe('conservation des données appliquée');
    expect(lines[0].obj).toMatchObject({ etudiants: 1 });
    // Counts, and the day the job ran as: nothing that names a person.
    const { day, ...counts } = lines[0].obj as Record<string, unknown>;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.values(counts).every((v) => typeof v === 'number')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(email);
  });

  it('arrêtée avant son premier passage, elle ne supprime rien', async () => {
    const old = await addEtudiant(db, new Date(Date.now() - 400 * DAY), STATUT.valide);
    // The job's timers are faked: what stays scheduled after stop() is counted, not waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let pending: number;
    try {
      const job = startRetentionJob({ db, config, log: { info: () => {}, error: () => {} }, firstDelayMs: 50 });
      expect(vi.getTimerCount()).toBe(2);
      await job.stop();
      pending = vi.getTimerCount();
      vi.advanceTimersByTime(2 * 3_600_000);
    } finally {
      vi.useRealTimers();
    }
    expect(pending).toBe(0);
    expect(await db.$count(etudiants, eq(etudiants.id, old))).toBe(1);
    await runRetention(db, config, NOW);
  });

  it('la tâche quotidienne vide aussi le dossier .eml des courriels passés la durée de conservation', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-spool-'));
    const spool = path.join(dataDir, 'mail');
    mkdirSync(spool);
    const old = path.join(spool, '20250101T000000Z-ancien.eml');
    const recent = path.join(spool, '20261101T000000Z-recent.eml');
    writeFileSync(old, 'Subject: ancien\r\n\r\nhttp://localhost:3000/update/partenaire/JETON');
    writeFileSync(recent, 'Subject: récent\r\n\r\n');
    const longAgo = new Date(Date.now() - 366 * DAY);
    utimesSync(old, longAgo, longAgo);
    const lines: { obj: object; msg: string }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), error: () => {} };
    const job = startRetentionJob({ db, config: { ...config, dataDir }, log, firstDelayMs: 10 });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
    await job.stop();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(lines[0].obj).toMatchObject({ fichiersEml: 1 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('la tâche quotidienne passe une fois par jour de Paris : relancée le même jour, elle ne supprime rien de plus', async () => {
    await db.delete(jobRuns);
    const messages: string[] = [];
    const log = { info: (_: object, msg: string) => messages.push(msg), error: () => {} };
    const once = async () => {
      // Both runs on one clock: a real midnight between them would make the second a new day.
      const job = startRetentionJob({ db, config, log, firstDelayMs: 10, clock: () => NOW });
      const seen = messages.length;
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(seen + 1);
      await job.stop();
    };
    const first = await addEtudiant(db, new Date(Date.now() - 400 * DAY), STATUT.valide);
    await once();
    expect(await db.$count(etudiants, eq(etudiants.id, first))).toBe(0);
    const second = await addEtudiant(db, new Date(Date.now() - 400 * DAY), STATUT.valide);
    await once();
    expect(messages).toEqual(['conservation des données appliquée', 'conservation des données déjà faite aujourd’hui']);
    expect(await db.$count(etudiants, eq(etudiants.id, second))).toBe(1);
    expect(await db.select({ job: jobRuns.job, day: jobRuns.day }).from(jobRuns)).toEqual([
      { job: 'retention', day: parisDay(NOW) },
    ]);
    await runRetention(db, config, NOW);
  });

  it('le jour est celui de Paris, heure d’été comprise', () => {
    expect(parisDay(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29'); // UTC+1
    expect(parisDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14'); // UTC+2
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});

/** Several server processes on one PostgreSQL: the pool gives each transaction its own connection. */
describeOn('postgres', 'conservation des données : plusieurs processus sur PostgreSQL', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await testApp();
    db = t.app.db;
  });
  afterAll(() => t.close());

  /** Opens a transaction, runs `inside` in it, and keeps it open until `release()` is called. */
  function holdTransaction(inside: (tx: Tx) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let ready!: (v: unknown) => void;
    const started = new Promise((r) => {
      ready = r;
    });
    const done = db.transaction(async (tx) => {
      ready(await inside(tx));
      await released;
    });
    return { started, release, done };
  }

  it('un passage qui trouve le verrou pris par un autre processus ne fait rien', async () => {
    const id = await addEtudiant(db, outside, STATUT.valide);
    const other = holdTransaction((tx) => tryRetentionLock(tx));
    expect(await other.started).toBe(true);
    expect(await runRetention(db, config, NOW)).toBeUndefined();
    expect(await db.$count(etudiants, eq(etudiants.id, id))).toBe(1);
    other.release();
    await other.done;
    expect((await runRetention(db, config, NOW))?.etudiants).toBe(1);
  });

  it('une pièce jointe réutilisée par un courriel en cours de mise en file n’est pas supprimée', async () => {
    const body = randomBytes(64);
    const old = await addMail(db, { status: 'sent', sentAt: outside }, body);
    const bodyId = await attachmentOf(db, old);
    // Another process queues the same body: it has found the stored row, not yet committed.
    const queuing = holdTransaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'dominique@example.fr',
          subject: 'Liste',
          text: 'Bonjour',
          html: '<p>Bonjour</p>',
          attachments: [{ filename: 'logements.pdf', contentType: 'application/pdf', content: body }],
          kind: 'liste_logements',
        },
        { publicUrl: 'http://localhost:3000' },
      ),
    );
    const newMail = (await queuing.started) as number;
    const run = runRetention(db, config, NOW);
    // The run deletes the old mail, then waits for the queuing transaction before touching bodies.
    await expect
      .poll(
        async () => {
          const res = (await db.execute(
            sql`select count(*)::int as n from pg_locks
                where locktype = 'advisory' and not granted
                and database = (select oid from pg_database where datname = current_database())`,
          )) as unknown as { rows: { n: number }[] };
          return res.rows[0].n;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    queuing.release();
    await queuing.done;
    expect(await run).toMatchObject({ courriels: 1, piecesJointes: 0 });
    expect(await attachmentOf(db, newMail)).toBe(bodyId);
    expect(await db.$count(mailAttachments, eq(mailAttachments.id, bodyId))).toBe(1);
  });
});
