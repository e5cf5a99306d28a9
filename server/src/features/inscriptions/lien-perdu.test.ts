import { LIEN_PERDU_REPONSE } from '@guichet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { inscriptionLiens, inscriptions, mailOutbox } from '../../db/schema.ts';
import { validInscription } from './inscriptions.fixtures.ts';
import { ACCUSES_PAR_JOUR, LIEN_PERDU_PAR_JOUR } from './landlord.service.ts';
import { LINKS, landlordKit } from './landlord.testing.ts';

/**
 * Mail that anyone can have the portal send to someone (decisions §6.2): the receipt of an offer
 * registered under another's address, and « lien perdu ».
 */
// A scenario: each step works on the twenty offers and the mail the steps before left, so its
// steps keep their order even when the run shuffles tests (`--sequence.shuffle`).
describe(`courriels que n’importe qui peut déclencher (${dbKind})`, { shuffle: false }, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.database.db;
  const { sent, events } = landlordKit(
    () => t,
    () => peer,
  );
  const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/inscription/lien', payload: { email } });
  const register = (email: string, nom: string) => {
    const body = validInscription();
    body.proprietaire.email = email;
    body.proprietaire.nom = nom;
    return t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body });
  };
  const linkRows = () => db().$count(inscriptionLiens);
  const outboxRows = () => db().$count(mailOutbox);

  it(`vingt offres déposées sous l’adresse d’une victime : ${ACCUSES_PAR_JOUR} accusés de réception, puis plus aucun ; les offres sont toutes enregistrées`, async () => {
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await register('victime@example.fr', `Victime${String.fromCharCode(97 + i)}`));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const mails = await sent();
    expect(mails).toHaveLength(ACCUSES_PAR_JOUR);
    expect(mails.every((m) => m.parsed.subject?.startsWith('Votre offre de logement a bien été reçue'))).toBe(true);
    const offers = await db()
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.email, 'victime@example.fr'))
      .orderBy(inscriptions.id);
    expect(offers).toHaveLength(20);
    expect(await events(offers[0].id)).toEqual(['recue']);
    expect(await events(offers[ACCUSES_PAR_JOUR].id)).toEqual([
      `recue : Accusé de réception non envoyé : ${ACCUSES_PAR_JOUR} déjà envoyés à cette adresse en 24 heures`,
    ]);
    // Another address is not held back by the victim's cap, whatever its case.
    expect((await register('Autre@Example.fr', 'Autre')).statusCode).toBe(200);
    expect((await sent()).map((m) => m.envelope.to[0])).toEqual(['Autre@example.fr']);
    // An address typed in another case is the same recipient: still capped.
    expect((await register('VICTIME@example.fr', 'Victimemaj')).statusCode).toBe(200);
    expect(await sent()).toEqual([]);
  });

  it(`« lien perdu » pour ces vingt offres : un seul courriel qui liste un lien par offre, ${LIEN_PERDU_PAR_JOUR} au plus par 24 heures`, async () => {
    const links = await linkRows();
    const first = await ask('victime@example.fr');
    expect(first.statusCode).toBe(200);
    const [mail, ...others] = await sent();
    expect(others).toEqual([]);
    // To the address of the newest offer (typed in capitals by its depositor).
    expect(mail.envelope.to).toEqual(['VICTIME@example.fr']);
    expect(mail.parsed.subject).toMatch(/^Le lien vers votre offre de logement — /);
    const tokens = [...(mail.parsed.text ?? '').matchAll(LINKS)].map((m) => m[1]);
    expect(tokens).toHaveLength(20);
    expect(new Set(tokens).size).toBe(20);
    expect(await linkRows()).toBe(links + 20);
    // Each link opens its own offer.
    const opened = new Set<number>();
    for (const token of tokens) {
      const res = await t.app.inject({ method: 'GET', url: `/api/logement/${token}` });
      expect(res.statusCode).toBe(200);
      opened.add(res.json().id);
    }
    expect(opened.size).toBe(20);

    for (let i = 1; i < LIEN_PERDU_PAR_JOUR; i++) {
      expect((await ask('Victime@example.fr')).json()).toEqual(first.json());
      expect(await sent()).toHaveLength(1);
    }
    // The fourth request in 24 hours: the same answer, no mail, no new link.
    const before = await linkRows();
    const fourth = await ask('victime@example.fr');
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json()).toEqual(first.json());
    expect(await sent()).toEqual([]);
    expect(await linkRows()).toBe(before);
    // A day later, the landlord may ask again.
    await db()
      .update(mailOutbox)
      .set({ createdAt: sql`${mailOutbox.createdAt} - interval '25 hours'` })
      .where(eq(mailOutbox.kind, 'lien_personnel'));
    await ask('victime@example.fr');
    expect(await sent()).toHaveLength(1);
  });

  it('même réponse, mêmes en-têtes pour une adresse avec ou sans offre ; la réponse part avant toute recherche', async () => {
    const known = await ask('autre@example.fr');
    const unknown = await ask('personne@example.fr');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: LIEN_PERDU_REPONSE });
    }
    expect(known.body).toBe(unknown.body);
    const shape = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-request-id'].includes(k))
        .sort()
        .map((k) => [k, h[k]]);
    expect(shape(known.headers)).toEqual(shape(unknown.headers));
    expect((await sent()).map((m) => m.envelope.to[0])).toEqual(['Autre@example.fr']);

    // Work held up behind another task: the answer still comes, with nothing looked up nor queued yet.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.app.afterResponse.run('porte', () => gate);
    const [links, mails] = [await linkRows(), await outboxRows()];
    const held = await ask('autre@example.fr');
    expect(held.json()).toEqual({ status: 'success', message: LIEN_PERDU_REPONSE });
    expect([await linkRows(), await outboxRows()]).toEqual([links, mails]);
    release();
    expect((await sent()).map((m) => m.envelope.to[0])).toEqual(['Autre@example.fr']);
    expect(await linkRows()).toBe(links + 1);
  });
});
