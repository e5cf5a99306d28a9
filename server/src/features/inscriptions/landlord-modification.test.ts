import { MODIFICATION_MESSAGES as M, OFFRE_ARCHIVEE, STATUT } from '@guichet/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { redactUrl } from '../../app.ts';
import { inscriptions, journal } from '../../db/schema.ts';
import { housingList } from '../etudiants/etudiants.service.ts';
import { pdfText } from '../etudiants/pdf-text.testing.ts';
import { validInscription } from './inscriptions.fixtures.ts';
import { landlordKit } from './landlord.testing.ts';

describe(`« Modifier mon offre » et son examen par le guichet (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: { cookie: string; id: number; username: string };
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    staff = await t.agent(['ROLE_USER']);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.database.db;
  const { sent, mailTo, offerRow, events } = landlordKit(
    () => t,
    () => peer,
  );
  const lastJournal = async (id: number) =>
    (await db().select().from(journal).where(eq(journal.entiteId, id)).orderBy(desc(journal.id)).limit(1))[0];
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/api/logement/${token}` });
  const propose = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/logement/${token}/modification`, payload });
  const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/${url}`, headers: { cookie: staff.cookie }, payload });
  const detail = async (id: number) => (await admin('GET', `inscription/get/${id}`)).json();
  const decide = (id: number, decision: 'valid' | 'reject', payload: object) =>
    admin('PUT', `inscription/${decision}/update/${id}`, payload);
  const listed = async (filter: string) =>
    (await admin('GET', `inscriptions/get/list/by/filters?rowsPerPage=100${filter}`)).json().inscriptions as {
      id: number;
      tempdata: boolean;
    }[];
  const studentsList = async () => pdfText((await housingList(db())).pdf).replace(/\s+/g, ' ');

  /** Registers an offer through the wizard's call; returns its id and the receipt's token. */
  const register = async (email: string, nom: string, statut?: number) => {
    const body = validInscription();
    body.proprietaire.email = email;
    body.proprietaire.nom = nom;
    expect((await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body })).statusCode).toBe(200);
    const [row] = await db()
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.nom, nom.toUpperCase()));
    const { token } = await mailTo(email);
    if (statut) {
      expect((await admin('PUT', `inscription/update/${row.id}`, { statut })).statusCode).toBe(200);
      await sent();
    }
    return { id: row.id, token };
  };
  /** The offer as the wizard sent it, with these changes (as a person types them). */
  const edited = (
    email: string,
    nom: string,
    changes: { proprietaire?: Record<string, string>; logement?: Record<string, string | boolean> },
  ) => {
    const body = validInscription();
    body.proprietaire.email = email;
    body.proprietaire.nom = nom;
    return {
      proprietaire: { ...body.proprietaire, ...changes.proprietaire },
      logement: { ...body.logement, ...changes.logement },
    };
  };

  it('sur une offre en attente, les modifications s’appliquent aussitôt', async () => {
    const { id, token } = await register('attente@example.fr', 'Attente');
    const res = await propose(
      token,
      edited('attente@example.fr', 'Attente', {
        proprietaire: { telephone: '06 98 76 54 32' },
        logement: { loyer: 'Entre 350 et 400 euros', charges: '50' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.appliquees });
    expect(await offerRow(id)).toMatchObject({
      statutId: STATUT.enAttente,
      telephone: '0698765432',
      loyer: 'Entre 350 et 400 euros',
      charges: '50.00',
      tempdata: null,
    });
    expect(await events(id)).toEqual([
      'recue',
      'modification_proposee : Téléphone, Loyer hors charges, Charges mensuelles (en euros) (appliquées aussitôt : offre en attente)',
    ]);
    expect((await page(token)).json()).toMatchObject({ tempdata: null, logement: { charges: '50.00' } });
    // No mail: the page answered; staff read the offer as it now is.
    expect(await sent()).toEqual([]);

    // The same values again (charges typed another way): nothing changes, nothing recorded.
    const again = await propose(
      token,
      edited('attente@example.fr', 'Attente', {
        proprietaire: { telephone: '0698765432' },
        logement: { loyer: 'Entre 350 et 400 euros', charges: '50,00' },
      }),
    );
    expect(again.json()).toEqual({ status: 'success', message: M.inchangee });
    expect(await events(id)).toHaveLength(2);
  });

  it('sur une offre validée, elles attendent le guichet : la liste des étudiants reste inchangée, puis le guichet valide', async () => {
    const { id, token } = await register('valide@example.fr', 'Validee', STATUT.valide);
    const proposal = edited('valide@example.fr', 'Validee', {
      proprietaire: { adresse: '5 place de la Libération' },
      logement: { type: 'T1', immeuble: 'Non', etage: '' },
    });
    const res = await propose(token, proposal);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.transmises });
    // The offer is listed as it was.
    expect(await offerRow(id)).toMatchObject({ adresse: '12 rue de la Cité', type: 'Studio', etage: '2ème étage' });
    const pdf = await studentsList();
    expect(pdf).toContain('12 rue de la Cité');
    expect(pdf).not.toContain('5 place de la Libération');
    expect(await events(id)).toEqual([
      'recue',
      'validee',
      'modification_proposee : Adresse du logement, Type de logement, Logement situé dans un immeuble, Étage',
    ]);
    // The landlord's page and the staff page show the proposal beside the offer.
    const self = (await page(token)).json();
    expect(self.logement.type).toBe('Studio');
    expect(self.tempdata).toMatchObject({
      proprietaire: { adresse: '5 place de la Libération', nom: 'VALIDEE' },
      logement: { type: 'T1', immeuble: 'Non', etage: null, charges: '45.50' },
    });
    const seen = await detail(id);
    expect(seen.tempdata.date).toBe(self.tempdata.date);
    expect(seen.proprietaire.adresse).toBe('12 rue de la Cité');
    // The staff list flags it, and filters on it.
    expect((await listed('')).find((r) => r.id === id)?.tempdata).toBe(true);
    expect((await listed('&filter[tempdata]=true')).map((r) => r.id)).toContain(id);
    expect((await listed('&filter[tempdata]=false')).map((r) => r.id)).not.toContain(id);
    expect(await sent()).toEqual([]);

    // The landlord changes it again before review: the newer proposal replaces it; staff who read the older one are stopped.
    const newer = edited('valide@example.fr', 'Validee', {
      proprietaire: { adresse: '7 place de la Libération' },
      logement: { type: 'T1', immeuble: 'Non', etage: '' },
    });
    expect((await propose(token, newer)).json().message).toBe(M.transmises);
    const stale = await decide(id, 'valid', { dateProposition: seen.tempdata.date });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.changeeEntreTemps);
    // Sent twice, the same proposal is one event.
    expect((await propose(token, newer)).json().message).toBe(M.transmises);
    expect(await events(id)).toHaveLength(4);

    const { tempdata } = await detail(id);
    const ok = await decide(id, 'valid', { dateProposition: tempdata.date });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: M.validees });
    expect(await offerRow(id)).toMatchObject({
      statutId: STATUT.valide,
      adresse: '7 place de la Libération',
      type: 'T1',
      immeuble: 'Non',
      etage: null,
      tempdata: null,
    });
    expect(await studentsList()).toContain('7 place de la Libération');
    expect((await events(id)).at(-1)).toBe(
      'modification_validee : Adresse du logement, Type de logement, Logement situé dans un immeuble, Étage',
    );
    expect((await listed('&filter[tempdata]=true')).map((r) => r.id)).not.toContain(id);
    expect(await lastJournal(id)).toMatchObject({
      agentId: staff.id,
      action: 'inscription.modification',
      entite: 'inscription',
      resume:
        'Modifications du propriétaire validées : Adresse du logement, Type de logement, Logement situé dans un immeuble, Étage',
      avant: { adresse: '12 rue de la Cité', type: 'Studio', immeuble: 'Oui', etage: '2ème étage' },
      apres: { adresse: '7 place de la Libération', type: 'T1', immeuble: 'Non', etage: null },
    });

    const mail = await mailTo('valide@example.fr');
    expect(mail.subject).toMatch(/^Les modifications de votre offre ont été validées — /);
    expect(mail.text).toContain('T1 au 7 place de la Libération, 10000 TROYES');
    expect(mail.text).toContain('la liste des logements envoyée aux étudiants montre désormais votre offre à jour');
    expect(mail.text).toContain(
      'Champs modifiés : Adresse du logement, Type de logement, Logement situé dans un immeuble, Étage.',
    );
    expect((await page(mail.token)).json()).toMatchObject({ tempdata: null, logement: { type: 'T1' } });

    // Nothing waits any more.
    const none = await decide(id, 'reject', { dateProposition: tempdata.date });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.aucune);
  });

  it('le guichet refuse : l’offre reste telle qu’elle était, le propriétaire lit le motif', async () => {
    const { id, token } = await register('refus@example.fr', 'Refusmodif', STATUT.valide);
    await propose(token, edited('refus@example.fr', 'Refusmodif', { logement: { loyer: 'Moins de 200 euros' } }));
    const { tempdata } = await detail(id);
    const long = await decide(id, 'reject', { dateProposition: tempdata.date, motif: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ key: 'motif', error: expect.stringContaining('500') }]);

    const res = await decide(id, 'reject', {
      dateProposition: tempdata.date,
      motif: 'Le loyer indiqué semble erroné.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.refusees });
    expect(await offerRow(id)).toMatchObject({
      loyer: 'Entre 300 et 350 euros',
      tempdata: null,
      statutId: STATUT.valide,
    });
    expect((await events(id)).at(-1)).toBe(
      'modification_refusee : Loyer hors charges. Motif : Le loyer indiqué semble erroné.',
    );
    expect(await lastJournal(id)).toMatchObject({
      action: 'inscription.modification',
      resume: 'Modifications du propriétaire refusées : Loyer hors charges (motif : Le loyer indiqué semble erroné.)',
    });
    const mail = await mailTo('refus@example.fr');
    expect(mail.subject).toMatch(/^Les modifications de votre offre n’ont pas été retenues — /);
    expect(mail.text).toContain('votre offre reste telle qu’elle était');
    expect(mail.text).toContain('Motif : Le loyer indiqué semble erroné.');
    expect((await page(mail.token)).json()).toMatchObject({
      tempdata: null,
      logement: { loyer: 'Entre 300 et 350 euros' },
    });
  });

  it('« Mon logement est loué » emporte les modifications en attente : plus rien à valider', async () => {
    const { id, token } = await register('loue-modif@example.fr', 'Louemodif', STATUT.valide);
    await propose(token, edited('loue-modif@example.fr', 'Louemodif', { logement: { type: 'T2' } }));
    expect((await listed('&filter[tempdata]=true')).map((r) => r.id)).toContain(id);
    const { tempdata } = await detail(id);
    expect((await t.app.inject({ method: 'POST', url: `/api/logement/${token}/loue`, payload: {} })).statusCode).toBe(
      200,
    );
    expect(await offerRow(id)).toMatchObject({ statutId: STATUT.archive, type: 'Studio', tempdata: null });
    expect((await listed('&filter[tempdata]=true')).map((r) => r.id)).not.toContain(id);
    expect((await decide(id, 'valid', { dateProposition: tempdata.date })).statusCode).toBe(409);
  });

  it('le guichet archive ou refuse l’offre : les modifications en attente tombent aussi', async () => {
    for (const [statut, nom] of [
      [STATUT.archive, 'Archivemodif'],
      [STATUT.refuse, 'Refusemodif'],
    ] as const) {
      const email = `${nom.toLowerCase()}@example.fr`;
      const { id, token } = await register(email, nom, STATUT.valide);
      await propose(token, edited(email, nom, { logement: { type: 'T2' } }));
      const { tempdata } = await detail(id);
      expect(tempdata).not.toBeNull();
      expect((await admin('PUT', `inscription/update/${id}`, { statut })).statusCode).toBe(200);
      await sent();
      expect(await offerRow(id)).toMatchObject({ statutId: statut, type: 'Studio', tempdata: null });
      expect((await listed('&filter[tempdata]=true')).map((r) => r.id)).not.toContain(id);
      expect((await decide(id, 'valid', { dateProposition: tempdata.date })).statusCode).toBe(409);
    }
  });

  it('une saisie refusée répond 400 champ par champ, comme l’assistant, et rien ne change', async () => {
    const { id, token } = await register('saisie@example.fr', 'Saisie', STATUT.valide);
    const before = await offerRow(id);
    const res = await propose(
      token,
      edited('saisie@example.fr', 'Saisie', {
        proprietaire: { telephone: '12 34', email: 'pas-une-adresse', cp: '' },
        logement: { charges: 'douze', etage: '', loyer: 'Gratuit' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'telephone', error: expect.stringContaining('10 chiffres') },
        { key: 'email', error: 'Veuillez saisir une adresse de courriel valide.' },
        { key: 'cp', error: 'Ce champ est obligatoire.' },
        { key: 'charges', error: expect.stringContaining('montant') },
        { key: 'etage', error: 'Ce champ est obligatoire.' },
        { key: 'loyer', error: 'Veuillez choisir une valeur dans la liste.' },
      ]),
    );
    expect(await offerRow(id)).toEqual(before);
    expect(await events(id)).toEqual(['recue', 'validee']);
  });

  it('une offre archivée refuse la modification (409) ; refusée, corrigée, elle revient « En attente » ; un lien inconnu répond 404', async () => {
    const archived = await register('archive@example.fr', 'Archivee', STATUT.archive);
    const body = edited('archive@example.fr', 'Archivee', { logement: { type: 'T2' } });
    const res = await propose(archived.token, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFRE_ARCHIVEE);
    expect(await offerRow(archived.id)).toMatchObject({ type: 'Studio', tempdata: null });

    const refused = await register('refusee@example.fr', 'Refusee', STATUT.refuse);
    const before = await offerRow(refused.id);
    expect((await page(refused.token)).json()).toMatchObject({ idStatut: STATUT.refuse, motifRefus: null });
    const back = await propose(refused.token, edited('refusee@example.fr', 'Refusee', { logement: { type: 'T2' } }));
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'success', message: M.renvoyee });
    const row = await offerRow(refused.id);
    expect(row).toMatchObject({ statutId: STATUT.enAttente, type: 'T2', tempdata: null });
    // Dated anew: it heads the office's list of offers waiting.
    expect(row.date.getTime()).toBeGreaterThan(before.date.getTime());
    expect(await events(refused.id)).toEqual(['recue', 'refusee', 'renvoyee : Type de logement']);
    const waiting = await listed(`&filter[statut]=${STATUT.enAttente}`);
    expect(waiting[0].id).toBe(refused.id);
    // Pending again: the usual rules (applied at once, no second resubmission).
    expect((await propose(refused.token, edited('refusee@example.fr', 'Refusee', {}))).json().message).toBe(
      M.appliquees,
    );
    expect((await offerRow(refused.id)).statutId).toBe(STATUT.enAttente);

    const unknown = await propose('A'.repeat(43), body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^Lien invalide ou expiré/);
  });

  it('les décisions du guichet : 404 pour une offre inconnue, date de proposition exigée, réservées au guichet', async () => {
    expect((await decide(999_999, 'valid', { dateProposition: new Date().toISOString() })).statusCode).toBe(404);
    const bad = await decide(1, 'valid', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].key).toBe('dateProposition');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/inscription/valid/update/1',
      payload: { dateProposition: new Date().toISOString() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(redactUrl(`/api/logement/${'A'.repeat(43)}/modification`)).toBe('/api/logement/[jeton]/modification');
  });
});
