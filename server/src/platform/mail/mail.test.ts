import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeOn, testApp, testDatabase } from '../../../test/harness.ts';
import { type HeldPort, holdRefusedPort } from '../../../test/held-port.ts';
import { startSmtpPeer } from '../../../test/smtp-peer.ts';
import type { Database } from '../../db/client.ts';
import {
  enqueueMail,
  type MailDispatcher,
  type OutgoingMail,
  PERSONAL_LINK_MARKER,
  startMailDispatcher,
} from './index.ts';
import { mailAttachments, mailOutbox } from './mail.tables.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const MAIL_FROM = 'Guichet numérique étudiant <ne-pas-repondre@guichet.example.fr>';
/** Looks like a PDF and holds every byte value: any re-encoding slip shows. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  randomBytes(8192),
  Buffer.from('\n%%EOF\n'),
]);

const sample = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'camille.etudiante@example.fr',
  subject: 'Votre liste de logements — rentrée 2026',
  text: 'Bonjour,\n\nVeuillez trouver ci-joint la liste des logements privés.\n',
  html: '<p>Bonjour,</p><p>Veuillez trouver ci-joint la liste des logements <strong>privés</strong>.</p>',
  attachments: [{ filename: 'Liste des logements privés été.pdf', contentType: 'application/pdf', content: pdf }],
  kind: 'liste_logements',
  ...over,
});

let database: Database;
const running: MailDispatcher[] = [];
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function dispatcher(smtpUrl: string | undefined, extra: Partial<Parameters<typeof startMailDispatcher>[0]> = {}) {
  const d = startMailDispatcher({
    db: database.db,
    kind: database.kind,
    config: { smtpUrl, mailFrom: MAIL_FROM, dataDir: '/nonexistent' },
    log,
    background: false,
    ...extra,
  });
  running.push(d);
  return d;
}
const queue = (mail: OutgoingMail = sample()) =>
  database.db.transaction((tx) => enqueueMail(tx, mail, { publicUrl: PUBLIC_URL }));
const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const held: HeldPort[] = [];
/** A stopped mail server: a port nobody listens on, held by the test until it ends. */
async function deadPort() {
  const port = await holdRefusedPort();
  held.push(port);
  return port.port;
}

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  await database.db.delete(mailAttachments);
  vi.clearAllMocks();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.stop()));
  await Promise.all(held.splice(0).map((p) => p.close()));
});

describe('courriel sortant', () => {
  it('un courriel mis en file arrive avec objet, destinataire, texte, HTML et pièce jointe identique', async () => {
    const peer = await startSmtpPeer();
    try {
      const id = await queue();
      const second = await queue(sample({ to: 'dominique@example.fr', subject: 'Deuxième envoi' }));
      // The same PDF twice is stored once.
      expect(await database.db.$count(mailAttachments)).toBe(1);

      const result = await dispatcher(peer.url).drain();
      expect(result).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(peer.received).toHaveLength(2);

      const stored = await row(id);
      const got = peer.received.find((m) => m.parsed.messageId === stored.messageId);
      if (!got) throw new Error('courriel non reçu');
      expect(stored.messageId).toMatch(/^<[0-9a-f-]{36}@guichet\.example\.fr>$/);
      expect(got.envelope.to).toEqual(['camille.etudiante@example.fr']);
      expect(got.envelope.from).toBe('ne-pas-repondre@guichet.example.fr');
      expect(got.parsed.subject).toBe('Votre liste de logements — rentrée 2026');
      expect(got.parsed.from?.value).toEqual([
        { name: 'Guichet numérique étudiant', address: 'ne-pas-repondre@guichet.example.fr' },
      ]);
      expect(got.parsed.text).toBe(sample().text);
      expect(got.parsed.html).toBe(sample().html);
      expect(got.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(got.parsed.attachments).toHaveLength(1);
      const [att] = got.parsed.attachments;
      expect(att.filename).toBe('Liste des logements privés été.pdf');
      expect(att.contentType).toBe('application/pdf');
      expect(Buffer.compare(att.content, pdf)).toBe(0);

      expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(stored.sentAt).toBeInstanceOf(Date);
      const other = peer.received.find((m) => m !== got);
      expect(other?.parsed.subject).toBe('Deuxième envoi');
      expect(Buffer.compare(other?.parsed.attachments[0].content ?? Buffer.alloc(0), pdf)).toBe(0);
      expect((await row(second)).status).toBe('sent');
    } finally {
      await peer.close();
    }
  });

  it('SMTP arrêté : le courriel reste en file avec son erreur, puis arrive une seule fois au retour du serveur', async () => {
    const port = await deadPort();
    const d = dispatcher(`smtp://127.0.0.1:${port}`);
    const id = await queue();

    expect(await d.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(log.warn).toHaveBeenCalledTimes(1);
    // First retry 30 s later (default schedule), measured on the database clock.
    const wait = (await database.db.execute(
      sql`select extract(epoch from next_attempt_at - now())::float8 as s from mail_outbox where id = ${id}`,
    )) as unknown as { rows: { s: number }[] };
    expect(Number(wait.rows[0].s)).toBeGreaterThan(20);
    expect(Number(wait.rows[0].s)).toBeLessThanOrEqual(30);
    // Not due yet: nothing is attempted.
    expect(await d.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const peer = await startSmtpPeer({ port });
    try {
      // The 30 seconds pass.
      await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
      expect(await d.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await d.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0].parsed.messageId).toBe(failed.messageId);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await peer.close();
    }
  });

  it('les délais de nouvel essai grandissent ; après la dernière tentative la ligne est « failed » et conservée', async () => {
    const port = await deadPort();
    const d = dispatcher(`smtp://127.0.0.1:${port}`, { retryDelaysMs: [0, 0] });
    const id = await queue();
    expect(await d.drain()).toMatchObject({ retried: 1 });
    expect(await d.drain()).toMatchObject({ retried: 1 });
    expect(await d.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await d.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(r.lastError).toBeTruthy();
    expect(log.error).toHaveBeenCalledTimes(1);

    // The default schedule grows at every attempt.
    const { DEFAULT_RETRY_DELAYS_MS: delays } = await import('./index.ts');
    expect(delays.length + 1).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]);
  });

  it('abandonné ou parti, un courriel ne garde plus son lien personnel ; en attente, il le garde', async () => {
    const link = 'https://guichet.example.fr/update/partenaire/jeton-secret';
    const port = await deadPort();
    const d = dispatcher(`smtp://127.0.0.1:${port}`, { retryDelaysMs: [0] });
    const mail = sample({
      text: `Vérifier : ${link}\n`,
      html: `<a href="${link}">Vérifier</a>`,
      personalLinks: [link],
    });
    const abandoned = await queue(mail);
    await d.drain();
    // Still trying: the link waits with the mail.
    expect(await row(abandoned)).toMatchObject({ status: 'pending', personalLinks: [link] });
    expect(await d.drain()).toMatchObject({ failed: 1 });
    const failed = await row(abandoned);
    expect(failed).toMatchObject({ status: 'failed', personalLinks: [] });
    expect(JSON.stringify(failed)).not.toContain('jeton-secret');
    expect(failed.text).toContain(PERSONAL_LINK_MARKER);

    // Sent: the link goes out and leaves the stored copy.
    const sentId = await queue(mail);
    const peer = await startSmtpPeer({ port });
    try {
      expect(await d.drain()).toMatchObject({ sent: 1 });
      expect(peer.received[0].parsed.text).toContain(link);
      const sent = await row(sentId);
      expect(sent).toMatchObject({ status: 'sent', personalLinks: [] });
      expect(JSON.stringify(sent)).not.toContain('jeton-secret');
      expect(sent.text).toContain(PERSONAL_LINK_MARKER);
    } finally {
      await peer.close();
    }
  });

  it('une transaction annulée ne met aucun courriel en file', async () => {
    const peer = await startSmtpPeer();
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueMail(tx, sample(), { publicUrl: PUBLIC_URL });
          throw new Error('changement d’état refusé');
        }),
      ).rejects.toThrow('changement d’état refusé');
      expect(await database.db.$count(mailOutbox)).toBe(0);
      expect(await database.db.$count(mailAttachments)).toBe(0);
      expect(await dispatcher(peer.url).drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(peer.received).toHaveLength(0);
    } finally {
      await peer.close();
    }
  });

  it('une ligne restée « sending » plus de 5 minutes (processus arrêté) est reprise, pas avant', async () => {
    const peer = await startSmtpPeer();
    try {
      const abandoned = await queue(sample({ subject: 'abandonné' }));
      const inFlight = await queue(sample({ subject: 'en cours ailleurs' }));
      await database.db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.id, abandoned));
      await database.db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '4 minutes'` })
        .where(eq(mailOutbox.id, inFlight));
      expect(await dispatcher(peer.url).drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(peer.received.map((m) => m.parsed.subject)).toEqual(['abandonné']);
      expect(await row(abandoned)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await row(inFlight)).toMatchObject({ status: 'sending', attempts: 1 });
    } finally {
      await peer.close();
    }
  });

  it('sans SMTP_URL, chaque courriel est écrit en .eml sous DATA_DIR/mail et son chemin journalisé', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-mail-'));
    try {
      const d = startMailDispatcher({
        db: database.db,
        kind: database.kind,
        config: { smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir },
        log,
        background: false,
      });
      running.push(d);
      const id = await queue();
      expect(await d.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const files = readdirSync(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{8}T\d{6}Z-[0-9a-f-]{36}\.eml$/);
      const file = path.join(dataDir, 'mail', files[0]);
      const parsed = await simpleParser(readFileSync(file));
      const stored = await row(id);
      expect(parsed.messageId).toBe(stored.messageId);
      expect(parsed.subject).toBe(sample().subject);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('camille.etudiante@example.fr');
      expect(parsed.html).toBe(sample().html);
      expect(Buffer.compare(parsed.attachments[0].content, pdf)).toBe(0);
      expect(stored.status).toBe('sent');
      expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ where: file }), expect.any(String));
      // Only the portal's account reads the spool, whatever the umask.
      expect(statSync(path.join(dataDir, 'mail')).mode & 0o777).toBe(0o700);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('en service, wake() et la minuterie délivrent sans drain(), et stop() attend la fin', async () => {
    const peer = await startSmtpPeer();
    try {
      const waitFor = async (n: number) => {
        for (let i = 0; i < 100 && peer.received.length < n; i++) await new Promise((r) => setTimeout(r, 50));
        expect(peer.received).toHaveLength(n);
      };
      const woken = dispatcher(peer.url, { background: true, intervalMs: 60_000 });
      await waitFor(0);
      await queue(sample({ subject: 'réveil' }));
      woken.wake();
      await waitFor(1);
      await woken.stop();

      dispatcher(peer.url, { background: true, intervalMs: 100 });
      await queue(sample({ subject: 'minuterie' }));
      await waitFor(2);
      expect(peer.received.map((m) => m.parsed.subject)).toEqual(['réveil', 'minuterie']);
    } finally {
      await peer.close();
    }
  });

  it('l’application expose app.mail : rendu français, mise en file dans la transaction, réveil', async () => {
    const peer = await startSmtpPeer();
    const t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL, MAIL_FROM });
    try {
      const { app } = t;
      await app.db.transaction(async (tx) => {
        const body = app.mail.render({
          params: {
            nomSite: 'Guichet numérique étudiant',
            emailContact: 'contact@guichet-etudiant.fr',
            telephoneContact: '0123456789',
            adresseContact: 'Paris',
          },
          title: 'Mise à jour de vos informations',
          paragraphs: ['Bonjour,', 'Merci de vérifier vos informations.'],
          link: { label: 'Vérifier mes informations', href: '/update/partenaire/jeton' },
        });
        await app.mail.enqueue(tx, {
          to: 'partenaire@example.fr',
          subject: 'Mise à jour',
          ...body,
          kind: 'renouvellement_partenaire',
        });
      });
      app.mail.wake();
      expect(await t.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [got] = peer.received;
      expect(got.parsed.messageId).toMatch(/@guichet\.example\.fr>$/);
      expect(got.parsed.html).toContain('href="https://guichet.example.fr/update/partenaire/jeton"');
      expect(got.parsed.text).toContain(
        'Vérifier mes informations : https://guichet.example.fr/update/partenaire/jeton',
      );
    } finally {
      await t.close();
      await peer.close();
    }
  });
});

// Row locks between two connections only exist on a PostgreSQL server; PGlite has one connection.
describeOn('postgres', 'deux répartiteurs sur une même base PostgreSQL', () => {
  it('une ligne verrouillée par le réclamant d’un autre processus est sautée, ni attendue ni envoyée deux fois', async () => {
    const peer = await startSmtpPeer();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await queue(sample({ subject: `courriel ${i}`, attachments: [] })));
      const taken = ids.slice(0, 3);
      const d = dispatcher(peer.url);
      // Another process is in the middle of claiming three rows: its transaction holds their locks.
      const during = await database.db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({
            status: 'sending',
            attempts: sql`${mailOutbox.attempts} + 1`,
            nextAttemptAt: sql`now() + interval '5 minutes'`,
          })
          .where(inArray(mailOutbox.id, taken));
        const timeout = new Promise<'bloqué'>((r) => setTimeout(() => r('bloqué'), 5_000));
        return Promise.race([d.drain(), timeout]);
      });
      expect(during).toEqual({ sent: 3, retried: 0, failed: 0 });
      expect(await d.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(peer.received.map((m) => m.parsed.subject).sort()).toEqual(['courriel 3', 'courriel 4', 'courriel 5']);
      for (const id of taken) expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    } finally {
      await peer.close();
    }
  });

  it('deux répartiteurs en même temps délivrent chaque courriel exactement une fois', async () => {
    const peer = await startSmtpPeer({ delayMs: 10 });
    try {
      for (let i = 0; i < 40; i++) await queue(sample({ subject: `courriel ${i}`, attachments: [] }));
      const [a, b] = await Promise.all([dispatcher(peer.url).drain(), dispatcher(peer.url).drain()]);
      // Both took part, so the test did exercise concurrent claims.
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(a.sent + b.sent).toBe(40);
      expect(peer.received).toHaveLength(40);
      expect(new Set(peer.received.map((m) => m.parsed.messageId)).size).toBe(40);
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
