import { createHash } from 'node:crypto';
import { STATUT } from '@guichet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { inscriptionEvenements, inscriptionLiens, inscriptions, jobRuns, mailOutbox } from '../../db/schema.ts';
import { runJob } from '../../jobs.ts';
import { parisDay } from '../../platform/daily-jobs.ts';
import { type Mailer, PERSONAL_LINK_MARKER } from '../../platform/mail/index.ts';
import { seedInscriptions } from './inscriptions.fixtures.ts';
import { OFFER_CHECK_BATCH, type OfferCheckDeps, runOfferCheck } from './offer-check.ts';

const DAY = 24 * 3600_000;
/** The jobs' « now » for the whole file: the office's today cannot change under the test at midnight. */
const NOW = new Date();
const dayIn = (days: number) => parisDay(new Date(NOW.getTime() + days * DAY));
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const LINK = /https:\/\/guichet\.example\.fr\/logement\/([A-Za-z0-9_-]{43})\?reponse=(disponible|loue)/g;

// A scenario over days: each step runs the job on the offers as the steps before left them, so its
// steps keep their order even when the run shuffles tests (`--sequence.shuffle`).
describe(`vérification « toujours disponible ? » des offres (${dbKind})`, { shuffle: false }, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    staff = (await t.agent(['ROLE_USER'])).cookie;
    const db = t.database.db;
    const seed = async (name: string, statut: number, set: Partial<typeof inscriptions.$inferInsert>) => {
      const [id] = await seedInscriptions(db, [
        { date: ago(100), statut, proprietaire: { email: `${name}@example.fr`, prenom: 'Alix', nom: name } },
      ]);
      await db.update(inscriptions).set(set).where(eq(inscriptions.id, id));
      ids[name] = id;
    };
    await seed('ancienne', STATUT.valide, { dateValidation: ago(31), dateConfirmation: ago(31) });
    await seed('recente', STATUT.valide, { dateValidation: ago(40), dateConfirmation: ago(29) });
    // Validated before confirmations were dated: counts from its validation.
    await seed('historique', STATUT.valide, { dateValidation: ago(45), dateConfirmation: null });
    await seed('attente', STATUT.enAttente, { dateConfirmation: null });
    await seed('archivee', STATUT.archive, { dateValidation: ago(200), dateConfirmation: ago(200) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.database.db;
  const config = () => ({ ...t.config, clock: () => NOW });
  const offer = async (name: string) =>
    (await db().select().from(inscriptions).where(eq(inscriptions.id, ids[name])))[0];
  const events = async (name: string) =>
    (
      await db()
        .select({ type: inscriptionEvenements.type, detail: inscriptionEvenements.detail })
        .from(inscriptionEvenements)
        .where(eq(inscriptionEvenements.inscriptionId, ids[name]))
        .orderBy(asc(inscriptionEvenements.id))
    ).map((e) => (e.detail ? `${e.type} : ${e.detail}` : e.type));
  const sent = async () => {
    await t.mail.drain();
    return peer.received.splice(0);
  };
  const to = (mails: Awaited<ReturnType<typeof sent>>) => mails.map((m) => m.envelope.to[0]).sort();

  it('demande aux propriétaires des offres validées non confirmées depuis OFFER_CHECK_DAYS, une fois, avec un lien personnel neuf', async () => {
    const today = parisDay(NOW);
    const lines = await runJob(db(), config(), 'offer-check');
    expect(lines[0]).toBe(`Tâche « offer-check » faite pour le ${today}.`);
    expect(lines.join('\n')).toMatch(/envoyés\s+2\n.*faute de réponse\s+0$/);
    const mails = await sent();
    expect(to(mails)).toEqual(['ancienne@example.fr', 'historique@example.fr']);
    const mail = mails.find((m) => m.envelope.to[0] === 'ancienne@example.fr')!;
    expect(mail.parsed.subject).toMatch(/^Votre logement est-il toujours disponible \? — /);
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Bonjour Alix ANCIENNE,');
    expect(text).toContain('Est-elle toujours disponible ?');
    expect(text).toMatch(/Sans réponse de votre part d’ici le \d{2}\/\d{2}\/\d{4}, l’offre sera retirée de la liste\./);
    // Two buttons, one personal link: the page asks for the click that answers.
    const links = [...text.matchAll(LINK)];
    expect(links.map((l) => l[2])).toEqual(['disponible', 'loue']);
    expect(text).toMatch(/Toujours disponible : https:\/\/guichet\.example\.fr\/logement\//);
    expect(text).toMatch(/Loué : https:\/\/guichet\.example\.fr\/logement\//);
    const token = links[0][1];
    expect(links[1][1]).toBe(token);
    expect(mail.parsed.html).toContain(`/logement/${token}?reponse=loue`);
    // Only the token's hash is kept, for 180 days; the stored copy of the sent mail loses the link.
    const [lien] = await db().select().from(inscriptionLiens).where(eq(inscriptionLiens.inscriptionId, ids.ancienne));
    expect(lien.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(lien.expiresAt.getTime() - lien.createdAt.getTime()).toBe(180 * DAY);
    const stored = await db().select({ text: mailOutbox.text }).from(mailOutbox);
    expect(stored.some((m) => m.text.includes(token))).toBe(false);
    expect(stored.every((m) => m.text.includes(PERSONAL_LINK_MARKER))).toBe(true);

    expect((await offer('ancienne')).dateRelance).not.toBeNull();
    expect((await offer('ancienne')).statutId).toBe(STATUT.valide);
    expect(await events('ancienne')).toEqual(['relance']);
    expect((await offer('recente')).dateRelance).toBeNull();
    expect((await offer('attente')).dateRelance).toBeNull();
    expect((await offer('archivee')).dateRelance).toBeNull();
  });

  it('ne refait rien le même jour, ni plus tard pour une offre déjà interrogée', async () => {
    expect(await runJob(db(), config(), 'offer-check')).toEqual([
      `Tâche « offer-check » déjà faite pour le ${parisDay(NOW)} : rien de plus.`,
    ]);
    // Ten days on: the recent offer's turn (39 days), nobody asked twice, nothing expired yet (14 days' grace).
    const later = await runJob(db(), config(), 'offer-check', dayIn(10));
    expect(later.join('\n')).toMatch(/envoyés\s+1\n.*faute de réponse\s+0$/);
    expect(to(await sent())).toEqual(['recente@example.fr']);
    expect(await runJob(db(), config(), 'offer-check', dayIn(10))).toEqual([
      `Tâche « offer-check » déjà faite pour le ${dayIn(10)} : rien de plus.`,
    ]);
    expect(await sent()).toEqual([]);
  });

  it('une offre validée de nouveau par le guichet est confirmée : la question en attente est close', async () => {
    const before = new Date();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/inscription/update/${ids.historique}`,
      headers: { cookie: staff },
      payload: { statut: STATUT.valide },
    });
    expect(res.statusCode).toBe(200);
    const row = await offer('historique');
    expect(row.dateRelance).toBeNull();
    expect(row.dateConfirmation).toBeInstanceOf(Date);
    expect(row.dateConfirmation?.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row.dateConfirmation?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('archive les offres restées sans réponse OFFER_GRACE_DAYS, le dit au propriétaire et le note', async () => {
    const lines = await runJob(db(), config(), 'offer-check', dayIn(15));
    expect(lines.join('\n')).toMatch(/envoyés\s+0\n.*faute de réponse\s+1$/);
    const row = await offer('ancienne');
    expect(row).toMatchObject({ statutId: STATUT.archive, motifArchivage: 'expiree', dateRelance: null });
    expect(await events('ancienne')).toEqual([
      'relance',
      expect.stringMatching(/^expiree : Sans réponse au courriel du \d{2}\/\d{2}\/\d{4}$/),
    ]);
    // Asked five days ago: still within its grace; validated again by staff: not asked any more.
    expect((await offer('recente')).statutId).toBe(STATUT.valide);
    expect((await offer('historique')).statutId).toBe(STATUT.valide);
    const mails = await sent();
    expect(to(mails)).toEqual(['ancienne@example.fr']);
    expect(mails[0].parsed.subject).toMatch(/^Votre offre de logement a été retirée de la liste — /);
    const text = mails[0].parsed.text ?? '';
    expect(text).toMatch(/Faute de réponse, nous l’avons retiré de la liste des logements envoyée aux étudiants\./);
    const link = /Voir mon offre : https:\/\/guichet\.example\.fr\/logement\/([A-Za-z0-9_-]{43})$/m.exec(text);
    expect(link).not.toBeNull();
    // A fresh link with each mail; the first one still works until it expires.
    expect(await db().$count(inscriptionLiens, eq(inscriptionLiens.inscriptionId, ids.ancienne))).toBe(2);
    // Archived, it is never asked nor expired again.
    expect(await runJob(db(), config(), 'offer-check', dayIn(16))).toEqual([
      `Tâche « offer-check » faite pour le ${dayIn(16)}.`,
      expect.stringMatching(/envoyés\s+0$/),
      expect.stringMatching(/faute de réponse\s+0$/),
    ]);
  });
});

describe(`vérification « toujours disponible ? » par lots (${dbKind})`, () => {
  let t: TestApp;
  const BATCH = 3;
  let lot = 0;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_URL: 'https://guichet.example.fr' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  /** `n` validated offers, each its own landlord; `set` dates them. */
  const seed = async (n: number, set: Partial<typeof inscriptions.$inferInsert>) => {
    const ids = await seedInscriptions(
      db(),
      Array.from({ length: n }, () => ({
        date: ago(100),
        statut: STATUT.valide,
        proprietaire: { email: `lot${++lot}@example.fr` },
      })),
    );
    await db().update(inscriptions).set(set).where(inArray(inscriptions.id, ids));
    return ids;
  };
  const toAsk = (n: number) => seed(n, { dateValidation: ago(40), dateConfirmation: ago(31) });
  const toExpire = (n: number) => seed(n, { dateValidation: ago(60), dateConfirmation: ago(45), dateRelance: ago(15) });
  /** The real mailer, noting how many mails were queued when the pass woke the dispatcher. */
  const mailer = (failAt?: number) => {
    const seen = { queued: 0, woken: [] as number[] };
    const mail: Mailer = {
      ...t.app.mail,
      enqueue: async (tx, m) => {
        if (++seen.queued === failAt) throw new Error('serveur de courriel injoignable');
        return t.app.mail.enqueue(tx, m);
      },
      wake: () => seen.woken.push(seen.queued),
    };
    return { seen, deps: { db: db(), mail, checkDays: 30, graceDays: 14, batchSize: BATCH } satisfies OfferCheckDeps };
  };
  /** For each offer: its events, then the kinds of the mails queued about it. */
  const history = async (ids: number[]) => {
    const events = await db()
      .select({ id: inscriptionEvenements.inscriptionId, type: inscriptionEvenements.type })
      .from(inscriptionEvenements)
      .where(inArray(inscriptionEvenements.inscriptionId, ids))
      .orderBy(asc(inscriptionEvenements.id));
    const mails = await db()
      .select({ id: mailOutbox.entiteId, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entite, 'inscription'), inArray(mailOutbox.entiteId, ids)))
      .orderBy(asc(mailOutbox.id));
    return ids.map((id) => [
      ...events.filter((e) => e.id === id).map((e) => e.type),
      ...mails.filter((m) => m.id === id).map((m) => m.kind),
    ]);
  };
  const claimed = async (day: string) =>
    db().$count(jobRuns, and(eq(jobRuns.job, 'offer-check'), eq(jobRuns.day, day)));

  it('traite en plusieurs transactions plus d’offres qu’un lot : chacune une fois, les expirées avant les questions, les totaux de toute la passe', async () => {
    expect(OFFER_CHECK_BATCH).toBeGreaterThan(BATCH);
    const expired = await toExpire(4);
    const asked = await toAsk(5);
    const { seen, deps } = mailer();
    const now = new Date();
    expect(await runOfferCheck(deps, now, dayIn(1))).toEqual({ relances: 5, expirees: 4 });
    expect(await history(expired)).toEqual(expired.map(() => ['expiree', 'offre_expiree']));
    expect(await history(asked)).toEqual(asked.map(() => ['relance', 'disponibilite_a_confirmer']));
    // Every expiry was queued before the first question: an offer asked by the pass is not expired by it.
    const kinds = await db()
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(inArray(mailOutbox.entiteId, [...expired, ...asked]))
      .orderBy(asc(mailOutbox.id));
    expect(kinds.map((k) => k.kind)).toEqual([
      ...expired.map(() => 'offre_expiree'),
      ...asked.map(() => 'disponibilite_a_confirmer'),
    ]);
    const rows = await db().select().from(inscriptions).where(inArray(inscriptions.id, asked));
    expect(rows.map((r) => [r.statutId, r.dateRelance?.getTime()])).toEqual(
      asked.map(() => [STATUT.valide, now.getTime()]),
    );
    // Woken once, as soon as the first batch committed: mail leaves while the pass goes on.
    expect(seen.woken).toEqual([BATCH]);
    expect(await claimed(dayIn(1))).toBe(1);
    expect(await runOfferCheck(deps, now, dayIn(1))).toBe('done');
  });

  it('chaque lot est validé à part : une panne au deuxième garde le premier, laisse le jour libre, et la relance de l’heure suivante finit la passe', async () => {
    const asked = await toAsk(7);
    // The fifth mail is the second of the second batch.
    const failing = mailer(BATCH + 2);
    await expect(runOfferCheck(failing.deps, new Date(), dayIn(2))).rejects.toThrow('serveur de courriel injoignable');
    expect(await history(asked)).toEqual([
      ...asked.slice(0, BATCH).map(() => ['relance', 'disponibilite_a_confirmer']),
      ...asked.slice(BATCH).map(() => []),
    ]);
    const rows = await db()
      .select()
      .from(inscriptions)
      .where(inArray(inscriptions.id, asked))
      .orderBy(asc(inscriptions.id));
    expect(rows.map((r) => r.dateRelance !== null)).toEqual(asked.map((_, i) => i < BATCH));
    expect(failing.seen.woken).toEqual([BATCH]);
    expect(await claimed(dayIn(2))).toBe(0);

    const retry = mailer();
    expect(await runOfferCheck(retry.deps, new Date(), dayIn(2))).toEqual({ relances: 4, expirees: 0 });
    expect(await history(asked)).toEqual(asked.map(() => ['relance', 'disponibilite_a_confirmer']));
    expect(await claimed(dayIn(2))).toBe(1);
  });

  it('deux passes lancées ensemble se partagent au plus les lots : chaque offre une seule fois, un seul jour noté', async () => {
    const asked = await toAsk(8);
    const now = new Date();
    const outcomes = await Promise.all([
      runOfferCheck(mailer().deps, now, dayIn(3)),
      runOfferCheck(mailer().deps, now, dayIn(3)),
    ]);
    const relances = outcomes.map((o) => (typeof o === 'object' ? o.relances : 0));
    expect(relances[0] + relances[1]).toBe(8);
    expect(await history(asked)).toEqual(asked.map(() => ['relance', 'disponibilite_a_confirmer']));
    expect(await claimed(dayIn(3))).toBe(1);
  });
});
