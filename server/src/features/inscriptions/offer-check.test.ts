import { createHash } from 'node:crypto';
import { STATUT } from '@guichet/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { inscriptionEvenements, inscriptionLiens, inscriptions, mailOutbox } from '../../db/schema.ts';
import { runJob } from '../../jobs.ts';
import { parisDay } from '../../platform/daily-jobs.ts';
import { PERSONAL_LINK_MARKER } from '../../platform/mail/index.ts';
import { seedInscriptions } from './inscriptions.fixtures.ts';

const DAY = 24 * 3600_000;
const dayIn = (days: number) => parisDay(new Date(Date.now() + days * DAY));
const ago = (days: number) => new Date(Date.now() - days * DAY);
const LINK = /https:\/\/guichet\.example\.fr\/logement\/([A-Za-z0-9_-]{43})\?reponse=(disponible|loue)/g;

describe(`vérification « toujours disponible ? » des offres (${dbKind})`, () => {
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
    const today = parisDay(new Date());
    const lines = await runJob(db(), t.config, 'offer-check');
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
    expect(await runJob(db(), t.config, 'offer-check')).toEqual([
      `Tâche « offer-check » déjà faite pour le ${parisDay(new Date())} : rien de plus.`,
    ]);
    // Ten days on: the recent offer's turn (39 days), nobody asked twice, nothing expired yet (14 days' grace).
    const later = await runJob(db(), t.config, 'offer-check', dayIn(10));
    expect(later.join('\n')).toMatch(/envoyés\s+1\n.*faute de réponse\s+0$/);
    expect(to(await sent())).toEqual(['recente@example.fr']);
    expect(await runJob(db(), t.config, 'offer-check', dayIn(10))).toEqual([
      `Tâche « offer-check » déjà faite pour le ${dayIn(10)} : rien de plus.`,
    ]);
    expect(await sent()).toEqual([]);
  });

  it('une offre validée de nouveau par le guichet est confirmée : la question en attente est close', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/inscription/update/${ids.historique}`,
      headers: { cookie: staff },
      payload: { statut: STATUT.valide },
    });
    expect(res.statusCode).toBe(200);
    const row = await offer('historique');
    expect(row.dateRelance).toBeNull();
    expect(Date.now() - (row.dateConfirmation?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('archive les offres restées sans réponse OFFER_GRACE_DAYS, le dit au propriétaire et le note', async () => {
    const lines = await runJob(db(), t.config, 'offer-check', dayIn(15));
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
    expect(await runJob(db(), t.config, 'offer-check', dayIn(16))).toEqual([
      `Tâche « offer-check » faite pour le ${dayIn(16)}.`,
      expect.stringMatching(/envoyés\s+0$/),
      expect.stringMatching(/faute de réponse\s+0$/),
    ]);
  });
});
