import { MESSAGES, RENOUVELLEMENT_CLOS, STATUT, VERSION_MESSAGES } from '@guichet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { journal, mailOutbox, partenaires } from '../../db/schema.ts';
import { adminPut, register, validPartenaire } from './partenaires.fixtures.ts';

const LINK = /https:\/\/guichet\.example\.fr\/update\/partenaire\/([A-Za-z0-9_-]+)/;

/** decisions §6.1 on partners, and the renewal link that ends with a refusal or an archiving. */
describe(`Version d’un partenaire et fin du lien de renouvellement (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let first: string;
  let second: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    first = (await t.agent(['ROLE_USER'])).cookie;
    second = (await t.agent(['ROLE_USER'])).cookie;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const put = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/partenaire/${url}`, headers: { cookie }, payload });
  const detail = async (id: number) =>
    (await t.app.inject({ url: `/api/admin/partenaire/get/${id}`, headers: { cookie: first } })).json().partenaire;
  const row = async (id: number) => (await t.app.db.select().from(partenaires).where(eq(partenaires.id, id)))[0];
  const journalLines = async (id: number) =>
    (
      await t.app.db
        .select({ id: journal.id })
        .from(journal)
        .where(and(eq(journal.entite, 'partenaire'), eq(journal.entiteId, id)))
    ).length;
  const outbox = async (id: number) =>
    (
      await t.app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.entite, 'partenaire'), eq(mailOutbox.entiteId, id)))
    ).length;
  /** The whole staff body of the partner as read, with these changes. */
  const body = (read: Record<string, unknown> & { filtre: { id: number } | null }, set: object) => ({
    partenaire: {
      ...read,
      statut: read.idStatut,
      categorie: read.idCategorie,
      filtre: read.filtre?.id ?? null,
      ...set,
    },
    version: read.version,
  });
  /** Staff send the renewal mail; the link's token, as delivered. */
  const renew = async (id: number) => {
    expect((await put(first, `send/mail/update/${id}`, {})).statusCode).toBe(200);
    await t.mail.drain();
    const token = peer.received.splice(0).at(-1)?.parsed.text?.match(LINK)?.[1];
    if (!token) throw new Error('lien absent du courriel');
    return token;
  };
  const validated = async () => {
    const id = await register(t.app);
    expect((await adminPut(t.app, first, id, { statut: 2, actif: true, categorie: 3, filtre: 3 })).statusCode).toBe(
      200,
    );
    return id;
  };

  it('deux agents enregistrent le même partenaire en même temps : un seul passe, l’autre reçoit 409', async () => {
    const id = await validated();
    const read = await detail(id);
    const [a, b] = await Promise.all([
      put(first, `update/${id}`, body(read, { nom: 'Version A' })),
      put(second, `update/${id}`, body(read, { nom: 'Version B', actif: false })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(VERSION_MESSAGES.partenaire);
    const stored = await row(id);
    expect(stored.nom).toBe(a.statusCode === 200 ? 'Version A' : 'Version B');
    expect(stored.actif).toBe(a.statusCode === 200);
    expect((await detail(id)).version).not.toBe(read.version);
  });

  it('une version périmée bloque chaque action (enregistrer, envoyer le mail, valider, refuser) : rien ne change, aucun courriel', async () => {
    const id = await validated();
    const stale = (await detail(id)).version;
    const token = await renew(id);
    // The partner's own self-service changes the record: the version the agent read is stale.
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/partenaire/update/${id}`,
      payload: { ...validPartenaire((await row(id)).logo, { nom: 'Nom proposé' }), token },
    });
    expect(proposed.statusCode).toBe(200);
    const fresh = await detail(id);
    expect(fresh.version).not.toBe(stale);
    const before = await row(id);
    const lines = await journalLines(id);
    const mails = await outbox(id);
    const tries = [
      put(first, `update/${id}`, { ...body(fresh, { nom: 'Agent' }), version: stale }),
      put(first, `send/mail/update/${id}`, { version: stale }),
      put(first, `valid/update/${id}`, { partenaire: validPartenaire(before.logo), version: stale }),
      put(first, `reject/update/${id}`, { version: stale }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(VERSION_MESSAGES.partenaire);
    }
    expect(await row(id)).toEqual(before);
    expect(await journalLines(id)).toBe(lines);
    expect(await outbox(id)).toBe(mails);
    // With the current version, the proposal is decided.
    expect((await put(first, `reject/update/${id}`, { version: fresh.version })).statusCode).toBe(200);
    expect((await row(id)).tempdata).toBeNull();
  });

  it('la confirmation sans modification par le partenaire change aussi la version', async () => {
    const id = await validated();
    const token = await renew(id);
    const { version } = await detail(id);
    const res = await t.app.inject({ method: 'POST', url: `/api/partenaire/valid/infos/${id}`, payload: { token } });
    expect(res.statusCode).toBe(200);
    expect((await detail(id)).version).not.toBe(version);
    // Without a version, the calls work as before.
    expect((await put(first, `send/mail/update/${id}`, {})).statusCode).toBe(200);
    await t.mail.drain();
    peer.received.splice(0);
  });

  for (const statut of [STATUT.refuse, STATUT.archive]) {
    it(`statut ${statut} : le lien de renouvellement ne marche plus (404) et aucun nouveau mail ne part`, async () => {
      const id = await validated();
      const token = await renew(id);
      expect((await adminPut(t.app, first, id, { statut })).statusCode).toBe(200);
      expect(await row(id)).toMatchObject({ tokenHash: null, tokenSentAt: null, tempdata: null });
      const opened = await t.app.inject({ url: `/api/partenaire/get/one/by/${token}` });
      expect(opened.statusCode).toBe(404);
      const proposed = await t.app.inject({
        method: 'POST',
        url: `/api/partenaire/update/${id}`,
        payload: { ...validPartenaire((await row(id)).logo, { nom: 'Après refus' }), token },
      });
      expect(proposed.statusCode).toBe(404);
      expect(proposed.json().message).toBe(MESSAGES.partenaireIntrouvableToken);
      expect((await row(id)).tempdata).toBeNull();
      const again = await put(first, `send/mail/update/${id}`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(RENOUVELLEMENT_CLOS);
      // Staff still edit it (nothing pending blocks them).
      expect((await adminPut(t.app, first, id, { nom: 'Toujours modifiable' })).statusCode).toBe(200);
    });
  }

  it('un lien encore enregistré sur un partenaire refusé (données antérieures) ne sert plus', async () => {
    const id = await validated();
    const token = await renew(id);
    // A refusal recorded before links ended with it: the row still holds the token.
    await t.app.db.update(partenaires).set({ statutId: STATUT.refuse }).where(eq(partenaires.id, id));
    expect((await t.app.inject({ url: `/api/partenaire/get/one/by/${token}` })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/api/partenaire/valid/infos/${id}`, payload: { token } });
    expect(res.statusCode).toBe(404);
  });
});
