import { MODIFICATION_MESSAGES as M, STATUT, VERSION_MESSAGES } from '@guichet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { inscriptions, journal, mailOutbox } from '../../db/schema.ts';
import { validInscription } from './inscriptions.fixtures.ts';
import { landlordKit } from './landlord.testing.ts';

/** decisions §6.1: what the agent validates is what gets published, and two agents never overwrite each other unseen. */
describe(`Version d’une offre : une offre changée depuis sa lecture n’est pas décidée à l’aveugle (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: { cookie: string };
  let other: { cookie: string };
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    staff = await t.agent(['ROLE_USER']);
    other = await t.agent(['ROLE_USER']);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.database.db;
  const { sent, mailTo, offerRow } = landlordKit(
    () => t,
    () => peer,
  );
  const admin = (who: { cookie: string }, url: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: `/api/admin/${url}`,
      headers: { cookie: who.cookie },
      payload,
    });
  const detail = async (id: number) => (await admin(staff, `inscription/get/${id}`)).json();
  const queued = async (id: number) =>
    db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entite, 'inscription'), eq(mailOutbox.entiteId, id)));
  const journalLines = async (id: number) =>
    db()
      .select({ id: journal.id })
      .from(journal)
      .where(and(eq(journal.entite, 'inscription'), eq(journal.entiteId, id)));

  const register = async (email: string, nom: string) => {
    const body = validInscription();
    body.proprietaire.email = email;
    body.proprietaire.nom = nom;
    expect((await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body })).statusCode).toBe(200);
    const [row] = await db()
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.nom, nom.toUpperCase()));
    const { token } = await mailTo(email);
    return { id: row.id, token, body };
  };

  it('le propriétaire change ses coordonnées après la lecture de l’agent : « Valider » répond 409, rien ne change', async () => {
    const { id, token, body } = await register('honnete@example.fr', 'Honnete');
    const read = await detail(id);
    expect(read.version).toEqual(expect.any(String));
    const mailsBefore = (await queued(id)).length;
    const journalBefore = (await journalLines(id)).length;

    // Between the agent's reading and the click, the link's holder swaps contact and address.
    const swap = await t.app.inject({
      method: 'POST',
      url: `/api/logement/${token}/modification`,
      payload: {
        proprietaire: {
          ...body.proprietaire,
          telephone: '0799999999',
          email: 'arnaque@example.com',
          adresse: '1 rue du Virement',
        },
        logement: body.logement,
      },
    });
    expect(swap.json()).toMatchObject({ message: M.appliquees });
    const swapped = await offerRow(id);
    expect((await detail(id)).version).not.toBe(read.version);

    const res = await admin(staff, `inscription/update/${id}`, { statut: STATUT.valide, version: read.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VERSION_MESSAGES.inscription);
    // Nothing happened: still pending, no mail queued (the « validée » one to the new address least of all), no journal line.
    expect(await offerRow(id)).toEqual(swapped);
    expect((await queued(id)).length).toBe(mailsBefore);
    expect((await journalLines(id)).length).toBe(journalBefore);
    expect(await sent()).toEqual([]);

    // With the version of what is now stored, the decision goes through.
    const fresh = await detail(id);
    expect(fresh.proprietaire.email).toBe('arnaque@example.com');
    const ok = await admin(staff, `inscription/update/${id}`, { statut: STATUT.refuse, version: fresh.version });
    expect(ok.statusCode).toBe(200);
    expect((await offerRow(id)).statutId).toBe(STATUT.refuse);
    await sent();
  });

  it('deux agents sur la même offre : le second, parti de l’ancienne version, reçoit 409 et le propriétaire un seul courriel', async () => {
    const { id } = await register('deux-agents@example.fr', 'Deuxagents');
    const { version } = await detail(id);
    const [a, b] = await Promise.all([
      admin(staff, `inscription/update/${id}`, { statut: STATUT.refuse, version }),
      admin(other, `inscription/update/${id}`, { statut: STATUT.valide, version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? STATUT.refuse : STATUT.valide;
    expect((await offerRow(id)).statutId).toBe(winner);
    expect((await sent()).map((m) => m.envelope.to[0])).toEqual(['deux-agents@example.fr']);
  });

  it('sans version, l’appel fonctionne comme avant ; une version inchangée passe', async () => {
    const { id } = await register('sans-version@example.fr', 'Sansversion');
    expect((await admin(staff, `inscription/update/${id}`, { statut: STATUT.valide })).statusCode).toBe(200);
    const { version } = await detail(id);
    // Nothing changed since: the same version is still current (a digest of what is stored).
    expect((await detail(id)).version).toBe(version);
    expect((await admin(staff, `inscription/update/${id}`, { statut: STATUT.archive, version })).statusCode).toBe(200);
    await sent();
  });

  it('valider ou refuser les modifications d’une offre validée : une version périmée répond 409', async () => {
    const { id, token, body } = await register('valide@example.fr', 'Validee');
    expect((await admin(staff, `inscription/update/${id}`, { statut: STATUT.valide })).statusCode).toBe(200);
    await sent();
    const propose = (telephone: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/logement/${token}/modification`,
        payload: { proprietaire: { ...body.proprietaire, telephone }, logement: body.logement },
      });
    expect((await propose('0711111111')).json()).toMatchObject({ message: M.transmises });
    const read = await detail(id);
    // The landlord's « Toujours disponible » changes the offer too: the agent's reading is stale.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/logement/${token}/disponible`, payload: {} })).statusCode,
    ).toBe(200);
    const before = await offerRow(id);
    for (const decision of ['valid', 'reject'] as const) {
      const res = await admin(staff, `inscription/${decision}/update/${id}`, {
        dateProposition: read.tempdata.date,
        version: read.version,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(VERSION_MESSAGES.inscription);
    }
    expect(await offerRow(id)).toEqual(before);
    expect(await sent()).toEqual([]);
    const fresh = await detail(id);
    const ok = await admin(staff, `inscription/valid/update/${id}`, {
      dateProposition: fresh.tempdata.date,
      version: fresh.version,
    });
    expect(ok.statusCode).toBe(200);
    expect((await offerRow(id)).telephone).toBe('0711111111');
    await sent();
  });
});
