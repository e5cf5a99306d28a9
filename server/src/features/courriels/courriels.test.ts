import {
  COURRIEL_MESSAGES,
  type CourrielEntite,
  type CourrielType,
  LIEN_PERSONNEL_MASQUE,
  STATUT,
} from '@guichet/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type HeldPort, holdRefusedPort } from '../../../test/held-port.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { etudiants, inscriptions, journal, mailOutbox, partenaires } from '../../db/schema.ts';
import { parisDay } from '../../platform/daily-jobs.ts';
import { enqueueMail, PERSONAL_LINK_MARKER } from '../../platform/mail/index.ts';
import { mailErrorFr } from '../../platform/mail/mail-errors.ts';
import { validInscription } from '../inscriptions/inscriptions.fixtures.ts';
import { runOfferCheck } from '../inscriptions/offer-check.ts';
import { register } from '../partenaires/partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const DAY = 24 * 3600_000;
const RENEWAL_LINK = /https:\/\/guichet\.example\.fr\/update\/partenaire\/([A-Za-z0-9_-]+)/;

// A scenario: each step builds on the mails the steps before queued, sent or gave up, so its
// steps keep their order even when the run shuffles tests (`--sequence.shuffle`).
describe(`courriels : journal des envois et « Renvoyer » (${dbKind})`, { shuffle: false }, () => {
  let t: TestApp;
  /** The SMTP server the portal is configured with: down (connection refused) unless `peer` runs on it. */
  let smtp: HeldPort;
  let peer: SmtpPeer | undefined;
  let admin: string;
  let agent: string;
  const ids = { etudiants: [] as number[], partenaire: 0, offre: 0, relance: 0 };

  beforeAll(async () => {
    smtp = await holdRefusedPort();
    t = await testApp({ SMTP_URL: smtp.url, PUBLIC_URL });
    admin = (await t.agent(['ROLE_ADMIN'])).cookie;
    agent = (await t.agent(['ROLE_USER'])).cookie;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
    await smtp?.close();
  });

  const db = () => t.database.db;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query = '') => {
    const res = await call(admin, 'GET', `/api/admin/courriels/get/list/by/filters${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; courriels: Record<string, unknown>[] };
  };
  const resend = (ids: unknown, cookie = admin) =>
    call(cookie, 'POST', '/api/admin/courriels/renvoyer', ids === undefined ? undefined : { ids });
  const outbox = () => db().select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  const mailRow = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const mailsAbout = (entite: CourrielEntite, id: number) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entite, entite), eq(mailOutbox.entiteId, id)))
      .orderBy(asc(mailOutbox.id));

  /** Every due mail tried until the dispatcher gives up (eight attempts), the retry delays skipped. */
  async function failEverything() {
    for (let i = 0; i < 8; i++) {
      await db().update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.status, 'pending'));
      await t.mail.drain();
    }
  }
  async function smtpUp() {
    peer = await startSmtpPeer({ port: smtp.port });
    return peer;
  }
  async function smtpDown() {
    await peer?.close();
    peer = undefined;
  }
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
  const validate = async (studentIds: number[]) => {
    const res = await call(agent, 'PUT', '/api/admin/etudiants/update', { selection: studentIds, action: 'valider' });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Only a validated partner gets the renewal mail: validated by hand first. */
  const renew = async (id: number) => {
    await db().update(partenaires).set({ statutId: 2 }).where(eq(partenaires.id, id));
    const res = await call(agent, 'PUT', `/api/admin/partenaire/send/mail/update/${id}`);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('chaque mise en file note le type du courriel et la ligne qu’il concerne', async () => {
    // Student requests validated: the housing list.
    ids.etudiants.push(await studentRequest('alice@example.fr'), await studentRequest('bruno@example.fr'));
    await validate(ids.etudiants);
    // A landlord's offer: receipt, staff decision, lost link.
    const offer = validInscription();
    offer.proprietaire.email = 'proprio@example.fr';
    expect((await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: offer })).statusCode).toBe(200);
    const [o] = await db()
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.email, 'proprio@example.fr'));
    ids.offre = o.id;
    expect(
      (await call(agent, 'PUT', `/api/admin/inscription/update/${o.id}`, { statut: STATUT.valide })).statusCode,
    ).toBe(200);
    const lost = { method: 'POST' as const, url: '/api/inscription/lien', payload: { email: 'proprio@example.fr' } };
    expect((await t.app.inject(lost)).statusCode).toBe(200);
    // The lost link is answered first, its mail queued just after.
    await t.app.afterResponse.settle();
    // The offer check: asked 31 days after its confirmation, expired after the grace days.
    await db()
      .update(inscriptions)
      .set({ dateValidation: new Date(Date.now() - 40 * DAY), dateConfirmation: new Date(Date.now() - 31 * DAY) })
      .where(eq(inscriptions.id, o.id));
    const deps = { db: db(), mail: t.app.mail, checkDays: 30, graceDays: 14 };
    expect(await runOfferCheck(deps, new Date())).toEqual({ relances: 1, expirees: 0 });
    expect(await runOfferCheck(deps, new Date(Date.now() + 15 * DAY))).toEqual({ relances: 0, expirees: 1 });
    // A partner's renewal.
    ids.partenaire = await register(t.app, { nom: 'Vélo Campus', mail: 'contact@velo-campus.fr' });
    await renew(ids.partenaire);

    const kinds = (await outbox()).map((m) => [m.kind, m.entite, m.entiteId]);
    const expected: [CourrielType, CourrielEntite, number][] = [
      ['liste_logements', 'etudiant', ids.etudiants[0]],
      ['liste_logements', 'etudiant', ids.etudiants[1]],
      ['accuse_reception_proprietaire', 'inscription', o.id],
      ['decision_proprietaire', 'inscription', o.id],
      ['lien_personnel', 'inscription', o.id],
      ['disponibilite_a_confirmer', 'inscription', o.id],
      ['offre_expiree', 'inscription', o.id],
      ['accuse_reception_partenaire', 'partenaire', ids.partenaire],
      ['renouvellement_partenaire', 'partenaire', ids.partenaire],
    ];
    expect(kinds).toEqual(expected);

    // All of them go out: the log says « sent », nothing is flagged.
    await smtpUp();
    expect(await t.mail.drain()).toMatchObject({ sent: 9, failed: 0 });
    await smtpDown();
  });

  it('un courriel abandonné se voit dans le journal, sur la demande étudiante et sur le partenaire', async () => {
    ids.etudiants.push(await studentRequest('chloe@example.fr'), await studentRequest('david@example.fr'));
    await validate(ids.etudiants.slice(2));
    await renew(ids.partenaire);
    await failEverything();
    // A mail still trying: one attempt, an error, due again 30 s later.
    await db().transaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'proprio@example.fr',
          subject: 'Essai en cours',
          text: 'Bonjour',
          html: '<p>Bonjour</p>',
          kind: 'lien_personnel',
        },
        { publicUrl: PUBLIC_URL },
      ),
    );
    await t.mail.drain();

    const failed = await list('?filter[statut]=failed');
    expect(failed.count).toBe(3);
    expect(failed.courriels.map((c) => [c.destinataire, c.type, c.statut, c.tentatives])).toEqual([
      ['contact@velo-campus.fr, claire.martin@velo-campus.fr', 'renouvellement_partenaire', 'failed', 8],
      ['david@example.fr', 'liste_logements', 'failed', 8],
      ['chloe@example.fr', 'liste_logements', 'failed', 8],
    ]);
    // In French, without the host and port the raw error names.
    const refused = 'Le serveur de messagerie refuse la connexion : il est arrêté ou injoignable.';
    expect(failed.courriels[0].derniereErreur).toBe(refused);
    expect((await mailRow(failed.courriels[0].id as number)).lastError).toMatch(/ECONNREFUSED 127\.0\.0\.1/);
    const pending = await list('?filter[statut]=pending');
    expect(pending.courriels).toMatchObject([{ objet: 'Essai en cours', statut: 'pending', tentatives: 1 }]);
    expect(pending.courriels[0].derniereErreur).toBe(refused);

    // The students' list: the two whose list never left carry the failure, the first two do not.
    const students = await call(agent, 'GET', '/api/admin/etudiants/get/list/by/filters?rowsPerPage=100');
    const byId = new Map(
      (students.json().etudiants as { id: number; courrielEchec: unknown }[]).map((e) => [e.id, e.courrielEchec]),
    );
    expect(byId.get(ids.etudiants[0])).toBeNull();
    expect(byId.get(ids.etudiants[1])).toBeNull();
    const [chloeMail] = await mailsAbout('etudiant', ids.etudiants[2]);
    expect(byId.get(ids.etudiants[2])).toEqual({
      id: chloeMail.id,
      date: chloeMail.createdAt.toISOString(),
      erreur: refused,
    });
    expect(byId.get(ids.etudiants[3])).toMatchObject({ erreur: refused });

    // The partner: its first renewal went, its last one failed; the list and the page say so.
    const renewals = (await mailsAbout('partenaire', ids.partenaire)).filter(
      (m) => m.kind === 'renouvellement_partenaire',
    );
    expect(renewals.map((m) => m.status)).toEqual(['sent', 'failed']);
    const partners = await call(agent, 'GET', '/api/admin/partenaires/get/list/by/filters');
    const row = (partners.json().partenaires as { id: number; courrielEchec: unknown }[]).find(
      (p) => p.id === ids.partenaire,
    );
    expect(row?.courrielEchec).toMatchObject({ id: renewals[1].id, erreur: mailErrorFr(renewals[1].lastError) });
    const page = await call(agent, 'GET', `/api/admin/partenaire/get/${ids.partenaire}`);
    expect(page.json().courrielEchec).toMatchObject({ id: renewals[1].id });
  });

  it('liste : recherche sur le destinataire, l’objet et le type ; filtres ; tri sur liste blanche', async () => {
    const all = await list();
    expect(all.count).toBe(13);
    // Newest first by default.
    expect(all.courriels[0]).toMatchObject({ objet: 'Essai en cours', type: 'lien_personnel' });
    expect(Object.keys(all.courriels[0]).sort()).toEqual(
      [
        'date',
        'dateEnvoi',
        'derniereErreur',
        'destinataire',
        'entite',
        'entiteId',
        'id',
        'objet',
        'statut',
        'tentatives',
        'type',
      ].sort(),
    );

    expect((await list('?search=CHLOE')).courriels.map((c) => c.destinataire)).toEqual(['chloe@example.fr']);
    // The subject, without accents or case.
    expect((await list('?search=mise a jour annuelle')).count).toBe(2);
    // The type's label.
    expect((await list('?search=Disponibilité à confirmer')).courriels.map((c) => c.type)).toEqual([
      'disponibilite_a_confirmer',
    ]);
    expect((await list('?filter[type]=liste_logements')).count).toBe(4);
    expect((await list('?filter[type]=liste_logements&filter[statut]=sent')).count).toBe(2);
    // The office's day of the mails queued above: all of it, whenever midnight falls.
    const day = parisDay((await outbox())[0].createdAt);
    const thatDay = (await outbox()).filter((m) => parisDay(m.createdAt) === day);
    expect(thatDay.length).toBeGreaterThan(0);
    expect((await list(`?filter[date]=${day}`)).count).toBe(thatDay.length);
    expect((await list('?filter[date]=2020-01-01')).count).toBe(0);

    const byRecipient = await list('?sort[name]=destinataire&sort[direction]=asc&rowsPerPage=5');
    expect(byRecipient.count).toBe(13);
    expect(byRecipient.courriels.map((c) => c.destinataire)).toEqual([
      'alice@example.fr',
      'bruno@example.fr',
      'chloe@example.fr',
      'contact@velo-campus.fr, claire.martin@velo-campus.fr',
      'contact@velo-campus.fr, claire.martin@velo-campus.fr',
    ]);
    const byAttempts = await list('?sort[name]=tentatives&sort[direction]=desc&rowsPerPage=5');
    expect(byAttempts.courriels.slice(0, 3).map((c) => c.tentatives)).toEqual([8, 8, 8]);
    const byStatus = await list('?sort[name]=statut&sort[direction]=desc&rowsPerPage=5');
    expect(byStatus.courriels.slice(0, 3).map((c) => c.statut)).toEqual(['failed', 'failed', 'failed']);
    // Sorted by the label staff read: « Accusé… (partenaire) » first.
    expect((await list('?sort[name]=type&rowsPerPage=5')).courriels[0].type).toBe('accuse_reception_partenaire');

    for (const bad of [
      '?sort[name]=text',
      '?filter[statut]=perdu',
      '?filter[type]=autre',
      '?filter[date]=2025-02-30',
    ]) {
      const res = await call(admin, 'GET', `/api/admin/courriels/get/list/by/filters${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('détail : le texte sans le lien personnel, le nom des pièces jointes ; l’erreur brute pour l’administrateur seul', async () => {
    const [, renewal] = (await mailsAbout('partenaire', ids.partenaire)).filter(
      (m) => m.kind === 'renouvellement_partenaire',
    );
    // Given up, its stored copy no longer holds a working link.
    expect(renewal.personalLinks).toEqual([]);
    expect(renewal.text).toContain(`Vérifier mes informations : ${PERSONAL_LINK_MARKER}`);
    expect(renewal.text).not.toContain('/update/partenaire/');
    // A mail still to send keeps its link, but no screen shows it.
    const link = `${PUBLIC_URL}/logement/secret-du-proprietaire`;
    const waiting = await db().transaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'proprio@example.fr',
          subject: 'Lien en attente',
          text: `Votre offre : ${link}`,
          html: `<a href="${link}">Votre offre</a>`,
          personalLinks: [link],
          kind: 'lien_personnel',
        },
        { publicUrl: PUBLIC_URL },
      ),
    );
    const res = await call(admin, 'GET', `/api/admin/courriel/get/${waiting}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret-du-proprietaire');
    expect(res.json().courriel.texte).toBe(`Votre offre : ${LIEN_PERSONNEL_MASQUE}`);
    await db().delete(mailOutbox).where(eq(mailOutbox.id, waiting));

    const { courriel } = (await call(admin, 'GET', `/api/admin/courriel/get/${renewal.id}`)).json();
    expect(courriel).toMatchObject({ id: renewal.id, statut: 'failed', type: 'renouvellement_partenaire' });
    expect(courriel.derniereErreur).toBe(mailErrorFr(renewal.lastError));
    expect(courriel.derniereErreurBrute).toBe(renewal.lastError);
    expect(courriel.piecesJointes).toEqual([]);
    // An agent reads the French sentence only.
    const seen = await call(agent, 'GET', `/api/admin/courriel/get/${renewal.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().courriel).toMatchObject({ derniereErreur: courriel.derniereErreur, derniereErreurBrute: null });
    expect(seen.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const [listMail] = await mailsAbout('etudiant', ids.etudiants[0]);
    const withPdf = (await call(admin, 'GET', `/api/admin/courriel/get/${listMail.id}`)).json().courriel;
    expect(withPdf.piecesJointes).toEqual(['Liste des logements privés.pdf']);
    expect((await call(admin, 'GET', '/api/admin/courriel/get/999999')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/courriel/get/abc')).statusCode).toBe(400);
  });

  it('un agent lit le journal (erreurs en français) sans renvoyer ; un gestionnaire des rôles, un anonyme sont refusés', async () => {
    const roles = (await t.agent(['ROLE_ADMIN_ROLE'])).cookie;
    const [failed] = (await list('?filter[statut]=failed')).courriels;
    const before = await outbox();
    const seen = await call(agent, 'GET', '/api/admin/courriels/get/list/by/filters?filter[statut]=failed');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().count).toBe(3);
    expect(seen.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect /);
    const filtered = { liste: { search: '', filter: {} }, attendu: 2 };
    expect((await resend([failed.id], agent)).statusCode).toBe(403);
    expect((await call(agent, 'GET', '/api/admin/courriels/renvoyer/compte')).statusCode).toBe(403);
    expect((await call(agent, 'POST', '/api/admin/courriels/renvoyer/filtres', filtered)).statusCode).toBe(403);
    expect((await call(roles, 'GET', '/api/admin/courriels/get/list/by/filters')).statusCode).toBe(403);
    expect((await call(roles, 'GET', `/api/admin/courriel/get/${failed.id}`)).statusCode).toBe(403);
    expect((await resend([failed.id], roles)).statusCode).toBe(403);
    expect((await call('', 'GET', '/api/admin/courriels/get/list/by/filters')).statusCode).toBe(401);
    expect((await resend([failed.id], '')).statusCode).toBe(401);
    expect(await outbox()).toEqual(before);
    expect(await db().$count(journal, eq(journal.action, 'courriel.renvoi'))).toBe(0);
  });

  it('« Renvoyer » refuse toute la sélection si un courriel n’est pas en échec ou n’existe plus : rien ne change', async () => {
    // (Mails without a personal link: a given-up renewal is refused for that, below.)
    const failed = (await list('?filter[statut]=failed&filter[type]=liste_logements')).courriels.map(
      (c) => c.id as number,
    );
    const [sent] = (await list('?filter[statut]=sent')).courriels.map((c) => c.id as number);
    const [pending] = (await list('?filter[statut]=pending')).courriels.map((c) => c.id as number);
    const before = await outbox();

    const notFailed = await resend([failed[0], sent, pending]);
    expect(notFailed.statusCode).toBe(409);
    const refused = (
      [
        [sent, 'sent'],
        [pending, 'pending'],
      ] as const
    ).toSorted((a, b) => a[0] - b[0]);
    expect(notFailed.json()).toEqual({
      status: 'error',
      message: COURRIEL_MESSAGES.renvoiImpossible(refused.map(([id]) => id)),
      errors: refused.map(([id, statut]) => ({ key: 'ids', error: COURRIEL_MESSAGES.pasEnEchec(id, statut) })),
    });
    const missing = await resend([failed[0], 999_999]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COURRIEL_MESSAGES.introuvables([999_999]));
    for (const bad of [[], ['1'], [0], Array.from({ length: 101 }, (_, i) => i + 1), undefined, 'tous']) {
      expect((await resend(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await outbox()).toEqual(before);
    expect(await db().$count(journal, eq(journal.action, 'courriel.renvoi'))).toBe(0);
  });

  it('« Renvoyer » un courriel puis une sélection : remis en file, envoyés au retour du serveur ; un lien retiré ne part pas', async () => {
    const [renewal] = (await mailsAbout('partenaire', ids.partenaire)).slice(-1);
    const [chloe] = await mailsAbout('etudiant', ids.etudiants[2]);
    const [david] = await mailsAbout('etudiant', ids.etudiants[3]);

    // One.
    const one = await resend([chloe.id]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ status: 'success', message: COURRIEL_MESSAGES.renvoyes(1), renvoyes: [chloe.id] });
    expect(await mailRow(chloe.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    // The renewal lost its link when given up: the whole selection is refused, naming it.
    const withRenewal = await resend([renewal.id, david.id]);
    expect(withRenewal.statusCode).toBe(409);
    expect(withRenewal.json().errors).toEqual([{ key: 'ids', error: COURRIEL_MESSAGES.lienRetire(renewal.id) }]);
    expect(await mailRow(david.id)).toMatchObject({ status: 'failed', attempts: 8 });
    // Then a selection (as the table sends it: a duplicate ignored).
    const many = await resend([david.id, david.id]);
    expect(many.json()).toEqual({ status: 'success', message: COURRIEL_MESSAGES.renvoyes(1), renvoyes: [david.id] });
    // A mail waiting again is no longer flagged on its row.
    const students = async () =>
      (await call(agent, 'GET', '/api/admin/etudiants/get/list/by/filters')).json().etudiants as {
        courrielEchec: unknown;
      }[];
    expect((await students()).every((e) => e.courrielEchec === null)).toBe(true);

    // One journal line per mail, with who and what.
    const lines = await db()
      .select()
      .from(journal)
      .where(eq(journal.action, 'courriel.renvoi'))
      .orderBy(asc(journal.entiteId));
    expect(lines.map((l) => [l.entite, l.entiteId])).toEqual([
      ['courriel', chloe.id],
      ['courriel', david.id],
    ]);
    const davidLine = lines.find((l) => l.entiteId === david.id);
    expect(davidLine?.agent).toMatch(/^Camille Test \(/);
    expect(davidLine?.resume).toContain('Liste des logements');
    expect(davidLine?.avant).toMatchObject({ statut: 'En échec', tentatives: 8 });
    expect(davidLine?.apres).toEqual({ statut: 'En attente', tentatives: 0 });

    // The partner gets a new renewal from its page; the mail server is back: the three go out.
    await renew(ids.partenaire);
    const [fresh] = (await mailsAbout('partenaire', ids.partenaire)).slice(-1);
    const smtp = await smtpUp();
    // (The mail still trying waits for its 30 s.)
    expect(await t.mail.drain()).toMatchObject({ sent: 3 });
    const got = smtp.received.filter((m) =>
      [chloe.messageId, david.messageId, fresh.messageId].includes(m.parsed.messageId ?? ''),
    );
    expect(got).toHaveLength(3);
    const mail = got.find((m) => m.parsed.messageId === fresh.messageId);
    const token = mail?.parsed.text?.match(RENEWAL_LINK)?.[1];
    expect(token).toBeTruthy();
    expect((await t.app.inject({ url: `/api/partenaire/get/one/by/${token}` })).statusCode).toBe(200);
    // Sent: the stored copy no longer holds it.
    const stored = await mailRow(fresh.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, personalLinks: [] });
    expect(stored.text).toContain(PERSONAL_LINK_MARKER);
    expect(stored.text).not.toContain(token);
    // Only the old renewal is left failed, and no row is flagged any more.
    expect((await list('?filter[statut]=failed')).courriels.map((c) => c.id)).toEqual([renewal.id]);
    const page = await call(agent, 'GET', `/api/admin/partenaire/get/${ids.partenaire}`);
    expect(page.json().courrielEchec).toBeNull();
    expect((await students()).every((e) => e.courrielEchec === null)).toBe(true);
    await smtpDown();
  });

  it('un courriel abandonné avant que les liens soient gardés (lien déjà retiré) n’est pas renvoyé', async () => {
    const id = await db().transaction((tx) =>
      enqueueMail(
        tx,
        {
          to: 'ancien@example.fr',
          subject: 'Ancien renouvellement',
          text: `Vérifier mes informations : ${PERSONAL_LINK_MARKER}`,
          html: `<p>${PERSONAL_LINK_MARKER}</p>`,
          kind: 'renouvellement_partenaire',
        },
        { publicUrl: PUBLIC_URL },
      ),
    );
    await db()
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8 })
      .where(inArray(mailOutbox.id, [id]));
    const res = await resend([id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ key: 'ids', error: COURRIEL_MESSAGES.lienRetire(id) }]);
    expect(await mailRow(id)).toMatchObject({ status: 'failed', attempts: 8 });
  });
});
