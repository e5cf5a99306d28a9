import {
  COURRIEL_MESSAGES,
  COURRIELS_RETARD_MINUTES,
  ETUDIANT_MESSAGES,
  PARTENAIRE_MESSAGES,
  STATUT,
  type TableauDeBord,
} from '@guichet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { type SmtpRelay, startSmtpRelay } from '../../../test/smtp-relay.ts';
import { etudiants, journal, mailOutbox, partenaires } from '../../db/schema.ts';
import { enqueueMail, PERSONAL_LINK_MARKER, purgeOutbox } from '../../platform/mail/index.ts';
import { register } from '../partenaires/partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
/** What agents must never read: the raw error's words, a host, a port or a path. */
const RAW = /ECONNECTION|Connection closed|127\.0\.0\.1|\/srv\/|\.eml/;
const CUT = 'Le serveur de messagerie a coupé la connexion.';

// A scenario: each step builds on the mails the steps before queued or gave up while the server
// was down, so its steps keep their order even when the run shuffles tests (`--sequence.shuffle`).
describe(`courriels : le serveur de messagerie en panne (${dbKind})`, { shuffle: false }, () => {
  let t: TestApp;
  let relay: SmtpRelay;
  let peer: SmtpPeer;
  let admin: string;
  let agent: string;
  const students: number[] = [];
  let partenaire = 0;

  beforeAll(async () => {
    // Bound for the whole file: while « down » it accepts each connection and closes it at once.
    relay = await startSmtpRelay();
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: relay.url, PUBLIC_URL });
    admin = (await t.agent(['ROLE_ADMIN'])).cookie;
    agent = (await t.agent(['ROLE_USER'])).cookie;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await peer?.close();
  });

  const db = () => t.database.db;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const board = async (cookie = agent) => {
    const res = await call(cookie, 'GET', '/api/admin/tableau-de-bord');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(RAW);
    return (res.json() as TableauDeBord).courriels;
  };
  async function studentRequest(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/etudiant/add',
      payload: { email, cp: '10000', ville: 'Troyes', ecole: 'IUT' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.email, email));
    return row.id;
  }
  /** Every due mail tried until the dispatcher gives up (eight attempts), the retry delays skipped. */
  async function failEverything() {
    for (let i = 0; i < 8; i++) {
      await db().update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.status, 'pending'));
      await t.mail.drain();
    }
  }

  it('les agents lisent « sera envoyée », pas « a été envoyée », tant que rien n’est parti', async () => {
    students.push(await studentRequest('alice@example.fr'), await studentRequest('bruno@example.fr'));
    const valider = await call(agent, 'PUT', '/api/admin/etudiants/update', { selection: students, action: 'valider' });
    expect(valider.statusCode, valider.body).toBe(200);
    expect(valider.json().message).toBe(ETUDIANT_MESSAGES.validees(2));
    expect(valider.json().message).toContain('sera envoyée');
    expect(valider.json().message).not.toMatch(/a été envoyée/);

    partenaire = await register(t.app, { nom: 'Vélo Campus', mail: 'contact@velo-campus.fr' });
    // Only a validated partner gets a renewal mail; its registration receipt is not what this file is about.
    await db().update(partenaires).set({ statutId: STATUT.valide }).where(eq(partenaires.id, partenaire));
    await db().delete(mailOutbox).where(eq(mailOutbox.kind, 'accuse_reception_partenaire'));
    const renew = await call(agent, 'PUT', `/api/admin/partenaire/send/mail/update/${partenaire}`);
    expect(renew.statusCode, renew.body).toBe(200);
    expect(renew.json().message).toBe(PARTENAIRE_MESSAGES.mailEnvoye);
    expect(renew.json().message).not.toMatch(/a été envoyé/);

    // Nothing has been tried yet: waiting, no error.
    expect(await board()).toMatchObject({ enAttente: 3, enRetard: 0, enEchec: 0, derniereErreur: null });
  });

  it('le tableau de bord montre les courriels qui attendent trop et la dernière erreur en français, « En échec » à 0', async () => {
    expect(await t.mail.drain()).toEqual({ sent: 0, retried: 3, failed: 0 });
    const raw = (await db().select().from(mailOutbox)).map((m) => m.lastError);
    expect(raw).toEqual(Array(3).fill('ECONNECTION: Connection closed unexpectedly'));

    const now = await board();
    expect(now).toMatchObject({ enAttente: 3, enRetard: 0, enEchec: 0, derniereErreur: { erreur: CUT } });
    // Dated by the attempt.
    const [last] = await db()
      .select({ at: mailOutbox.lastAttemptAt })
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.lastAttemptAt} desc`)
      .limit(1);
    expect(now.derniereErreur?.date).toBe(last.at?.toISOString());

    // Queued longer ago than the threshold: late, while retries still go on and nothing has failed for good.
    const old = sql`now() - make_interval(mins => ${COURRIELS_RETARD_MINUTES + 1})`;
    await db().update(mailOutbox).set({ createdAt: old }).where(eq(mailOutbox.kind, 'liste_logements'));
    expect(await board()).toMatchObject({ enAttente: 3, enRetard: 2, enEchec: 0, derniereErreur: { erreur: CUT } });
    expect(await board(admin)).toMatchObject({ enRetard: 2 });
  });

  it('« Courriels » pour un agent : l’erreur en français, jamais l’erreur brute ; l’administrateur la lit dans le détail', async () => {
    const list = await call(agent, 'GET', '/api/admin/courriels/get/list/by/filters?filter[statut]=pending');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(RAW);
    const rows = list.json().courriels as { id: number; derniereErreur: string }[];
    expect(rows.map((r) => r.derniereErreur)).toEqual([CUT, CUT, CUT]);

    const detail = await call(agent, 'GET', `/api/admin/courriel/get/${rows[0].id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toMatch(RAW);
    expect(detail.json().courriel).toMatchObject({ derniereErreur: CUT, derniereErreurBrute: null });

    const forAdmin = (await call(admin, 'GET', `/api/admin/courriel/get/${rows[0].id}`)).json().courriel;
    expect(forAdmin).toMatchObject({
      derniereErreur: CUT,
      derniereErreurBrute: 'ECONNECTION: Connection closed unexpectedly',
    });
  });

  it('abandonnés : le lien personnel retiré, « En échec » compté ; renvoyer la liste filtrée, compte confirmé', async () => {
    await failEverything();
    const mails = await db().select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.map((m) => [m.kind, m.status, m.attempts])).toEqual([
      ['liste_logements', 'failed', 8],
      ['liste_logements', 'failed', 8],
      ['renouvellement_partenaire', 'failed', 8],
    ]);
    const renewal = mails[2];
    expect(renewal.personalLinks).toEqual([]);
    expect(renewal.text).toContain(PERSONAL_LINK_MARKER);
    expect(`${renewal.text}${renewal.html}`).not.toContain('/update/partenaire/');
    expect(await board()).toMatchObject({ enAttente: 0, enRetard: 0, enEchec: 3, derniereErreur: { erreur: CUT } });

    // The count the confirmation shows: the list's filter, failed mails only, the renewal not resendable.
    const count = (q: string) => call(admin, 'GET', `/api/admin/courriels/renvoyer/compte${q}`);
    expect((await count('')).json()).toEqual({ enEchec: 3, renvoyables: 2 });
    expect((await count('?filter[type]=liste_logements')).json()).toEqual({ enEchec: 2, renvoyables: 2 });
    expect((await count('?search=bruno')).json()).toEqual({ enEchec: 1, renvoyables: 1 });
    expect((await count('?filter[statut]=sent')).json()).toEqual({ enEchec: 0, renvoyables: 0 });
    expect((await count('?filter[type]=autre')).statusCode).toBe(400);

    const resend = (body: unknown, cookie = admin) =>
      call(cookie, 'POST', '/api/admin/courriels/renvoyer/filtres', body);
    const liste = { search: '', filter: {} };
    // The list changed since the count (or the client is wrong): nothing moves.
    const changed = await resend({ liste, attendu: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(COURRIEL_MESSAGES.listeChangee(3, 2));
    for (const bad of [{ liste, attendu: 0 }, { liste }, { liste: { filter: { statut: 'perdu' } }, attendu: 1 }]) {
      expect((await resend(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await resend({ liste, attendu: 2 }, agent)).statusCode).toBe(403);
    expect(await db().$count(mailOutbox, eq(mailOutbox.status, 'failed'))).toBe(3);
    expect(await db().$count(journal, eq(journal.action, 'courriel.renvoi'))).toBe(0);

    const ok = await resend({ liste, attendu: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      status: 'success',
      message: COURRIEL_MESSAGES.renvoyes(2),
      renvoyes: [mails[0].id, mails[1].id],
    });
    expect(await db().$count(journal, eq(journal.action, 'courriel.renvoi'))).toBe(2);
    expect(await board()).toMatchObject({ enAttente: 2, enEchec: 1 });

    // The mail server is back: both lists go out; the board no longer shows them waiting.
    relay.up(peer.port);
    expect(await t.mail.drain()).toMatchObject({ sent: 2, failed: 0 });
    expect(peer.received.flatMap((m) => m.envelope.to).sort()).toEqual(['alice@example.fr', 'bruno@example.fr']);
    expect(await board()).toMatchObject({ enAttente: 0, enRetard: 0, enEchec: 1 });
    relay.down();
  });

  it('la durée de conservation retire le lien d’un courriel abandonné qui l’avait gardé', async () => {
    const link = `${PUBLIC_URL}/update/partenaire/ancien-jeton`;
    const id = await db().transaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'ancien@example.fr',
          subject: 'Ancien renouvellement',
          text: `Vérifier mes informations : ${link}`,
          html: `<a href="${link}">Vérifier</a>`,
          personalLinks: [link],
          kind: 'renouvellement_partenaire',
        },
        { publicUrl: PUBLIC_URL },
      ),
    );
    const pending = await db().transaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'attente@example.fr',
          subject: 'En attente',
          text: link,
          html: link,
          personalLinks: [link],
          kind: 'lien_personnel',
        },
        { publicUrl: PUBLIC_URL },
      ),
    );
    await db().update(mailOutbox).set({ status: 'failed', attempts: 8 }).where(eq(mailOutbox.id, id));
    await db().transaction((tx) => purgeOutbox(tx, new Date(Date.now() - 365 * 86_400_000)));
    const [kept] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(kept).toMatchObject({ status: 'failed', personalLinks: [] });
    expect(JSON.stringify(kept)).not.toContain('ancien-jeton');
    // A mail still to send keeps its link until it goes.
    const [waiting] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, pending), eq(mailOutbox.status, 'pending')));
    expect(waiting.personalLinks).toEqual([link]);
  });
});
