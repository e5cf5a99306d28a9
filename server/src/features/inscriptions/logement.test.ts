import { LIEN_PERDU_REPONSE, LOGEMENT_ACTION_MESSAGES, MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { redactUrl } from '../../app.ts';
import { inscriptionLiens, inscriptions, mailOutbox } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { housingList } from '../etudiants/etudiants.service.ts';
import { pdfText } from '../etudiants/pdf-text.testing.ts';
import { validInscription } from './inscriptions.fixtures.ts';
import { landlordKit } from './landlord.testing.ts';

describe(`lien personnel du propriétaire (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    staff = (await t.agent(['ROLE_USER'])).cookie;
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
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/api/logement/${token}` });
  const act = (token: string, action: 'disponible' | 'loue' | 'retrait', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/logement/${token}/${action}`, payload: payload ?? {} });
  const setStatut = (id: number, statut: number, motif?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/inscription/update/${id}`,
      headers: { cookie: staff },
      payload: { statut, ...(motif === undefined ? {} : { motif }) },
    });
  /** Registers an offer through the wizard's call; returns its id and the receipt's token. */
  const register = async (email: string, nom: string) => {
    const body = validInscription();
    body.proprietaire.email = email;
    body.proprietaire.nom = nom;
    const res = await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body });
    expect(res.statusCode).toBe(200);
    const [row] = await db()
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.nom, nom.toUpperCase()));
    const mail = await mailTo(email);
    return { id: row.id, ...mail };
  };
  const studentsList = async () => pdfText((await housingList(db())).pdf).replace(/\s+/g, ' ');

  it('accusé de réception : un résumé et un lien personnel qui ouvre l’offre ; seul le hachage est gardé', async () => {
    const { id, subject, text, token } = await register('loue@example.fr', 'Louer');
    expect(subject).toMatch(/^Votre offre de logement a bien été reçue — /);
    expect(text).toContain('Bonjour Jean-Pierre LOUER,');
    expect(text).toContain('Type de logement : Studio');
    expect(text).toContain('Adresse du logement : 12 rue de la Cité, 10000 TROYES');
    expect(text).toContain('Charges mensuelles (en euros) : 45,50');
    expect(await events(id)).toEqual(['recue']);
    const [lien] = await db().select().from(inscriptionLiens).where(eq(inscriptionLiens.inscriptionId, id));
    expect(lien.tokenHash).toBe(hashToken(token));
    const stored = await db().select({ text: mailOutbox.text }).from(mailOutbox);
    expect(stored.some((m) => m.text.includes(token))).toBe(false);

    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id,
      idStatut: STATUT.enAttente,
      statut: 'En attente',
      dateValidation: null,
      dateConfirmation: null,
      dateRelance: null,
      motifArchivage: null,
      proprietaire: { nom: 'LOUER', prenom: 'Jean-Pierre', email: 'loue@example.fr' },
      logement: { type: 'Studio', charges: '45.50', etage: '2ème étage' },
    });
  });

  it('décision « Validé » : courriel avec un lien neuf ; l’offre entre dans la liste des étudiants', async () => {
    const { id } = await register('valide@example.fr', 'Valider');
    expect(await studentsList()).not.toContain('VALIDER');
    expect((await setStatut(id, STATUT.valide)).statusCode).toBe(200);
    const mail = await mailTo('valide@example.fr');
    expect(mail.subject).toMatch(/^Votre offre de logement a été validée — /);
    expect(mail.text).toContain('elle figure désormais dans la liste des logements envoyée aux étudiants');
    expect((await page(mail.token)).json()).toMatchObject({ idStatut: STATUT.valide, statut: 'Validé' });
    expect(await events(id)).toEqual(['recue', 'validee']);
    expect(await studentsList()).toContain('VALIDER');
    // Validated again: a confirmation, no second mail.
    expect((await setStatut(id, STATUT.valide)).statusCode).toBe(200);
    expect(await sent()).toEqual([]);
  });

  it('décision « Refusé » : courriel avec le motif saisi par l’agent, et sans motif', async () => {
    const a = await register('refus@example.fr', 'Refuser');
    expect((await setStatut(a.id, STATUT.refuse, 'Le logement est hors du secteur desservi.')).statusCode).toBe(200);
    const mail = await mailTo('refus@example.fr');
    expect(mail.subject).toMatch(/^Votre offre de logement n’a pas été retenue — /);
    expect(mail.text).toContain('Motif : Le logement est hors du secteur desservi.');
    expect((await page(mail.token)).json()).toMatchObject({ idStatut: STATUT.refuse });
    expect(await events(a.id)).toEqual(['recue', 'refusee : Le logement est hors du secteur desservi.']);
    // A refused offer is in no list: nothing to confirm or withdraw.
    expect((await act(mail.token, 'loue')).statusCode).toBe(409);

    const b = await register('refus2@example.fr', 'Refuserbis');
    expect((await setStatut(b.id, STATUT.refuse, '  ')).statusCode).toBe(200);
    const sans = await mailTo('refus2@example.fr');
    expect(sans.text).not.toContain('Motif');
    expect(await events(b.id)).toEqual(['recue', 'refusee']);

    const long = await setStatut(b.id, STATUT.refuse, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ key: 'motif', error: expect.stringContaining('500') }]);
  });

  it('« Toujours disponible » date la confirmation et clôt la question en attente', async () => {
    const { id, token } = await register('dispo@example.fr', 'Disponible');
    await setStatut(id, STATUT.valide);
    await sent();
    const asked = new Date(Date.now() - 3 * 24 * 3600_000);
    await db()
      .update(inscriptions)
      .set({ dateConfirmation: new Date('2026-01-01T10:00:00Z'), dateRelance: asked })
      .where(eq(inscriptions.id, id));
    expect((await page(token)).json().dateRelance).toBe(asked.toISOString());
    const res = await act(token, 'disponible');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: LOGEMENT_ACTION_MESSAGES.disponible });
    const row = await offerRow(id);
    expect(row.dateRelance).toBeNull();
    expect(row.statutId).toBe(STATUT.valide);
    expect(Date.now() - (row.dateConfirmation?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await events(id)).toEqual(['recue', 'validee', 'confirmee']);
    expect(await studentsList()).toContain('DISPONIBLE');
  });

  it.each([
    ['loue', 'loue', 'louee', 'Loué à une étudiante de l’UTT.'],
    ['retrait', 'retiree', 'retiree', undefined],
  ] as const)(
    '« %s » : l’offre quitte la liste aussitôt (Archivé, motif gardé), puis toute action répond 409',
    async (action, motif, evenement, texte) => {
      const nom = `Action${action}`;
      const { id, token } = await register(`action-${action}@example.fr`, nom);
      await setStatut(id, STATUT.valide);
      await sent();
      expect(await studentsList()).toContain(nom.toUpperCase());
      const res = await act(token, action, texte ? { motif: texte } : {});
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(LOGEMENT_ACTION_MESSAGES[motif]);
      expect(await offerRow(id)).toMatchObject({
        statutId: STATUT.archive,
        motifArchivage: motif,
        motifArchivageTexte: texte ?? null,
      });
      expect(await events(id)).toEqual(['recue', 'validee', texte ? `${evenement} : ${texte}` : evenement]);
      expect(await studentsList()).not.toContain(nom.toUpperCase());
      // The page still opens and says why; nothing more can change.
      expect((await page(token)).json()).toMatchObject({
        idStatut: STATUT.archive,
        statut: 'Archivé',
        motifArchivage: motif,
        motifArchivageTexte: texte ?? null,
      });
      for (const again of ['disponible', 'loue', 'retrait'] as const) {
        const refused = await act(token, again);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/^Cette offre est archivée/);
      }
      expect(await events(id)).toHaveLength(3);
      expect((await offerRow(id)).motifArchivage).toBe(motif);
    },
  );

  it('les journaux masquent le jeton de chaque point d’accès du lien', () => {
    for (const action of ['', '/disponible', '/loue', '/retrait']) {
      expect(redactUrl(`/api/logement/${'A'.repeat(43)}${action}`)).toBe(`/api/logement/[jeton]${action}`);
    }
  });

  it('le motif du propriétaire est limité à 500 caractères', async () => {
    const { id, token } = await register('long@example.fr', 'Longmotif');
    const res = await act(token, 'retrait', { motif: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ key: 'motif', error: expect.stringContaining('500') }]);
    expect((await offerRow(id)).statutId).toBe(STATUT.enAttente);
  });

  it('un jeton inconnu ou expiré : 404 « Lien invalide ou expiré », rien ne change', async () => {
    const { id, token } = await register('expire@example.fr', 'Expirer');
    for (const unknown of ['inconnu', 'A'.repeat(43)]) {
      const res = await page(unknown);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^Lien invalide ou expiré/);
      expect((await act(unknown, 'loue')).statusCode).toBe(404);
    }
    await db()
      .update(inscriptionLiens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inscriptionLiens.tokenHash, hashToken(token)));
    expect((await page(token)).statusCode).toBe(404);
    for (const action of ['disponible', 'loue', 'retrait'] as const) {
      const res = await act(token, action);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^Lien invalide ou expiré/);
    }
    expect((await offerRow(id)).statutId).toBe(STATUT.enAttente);
    expect(await events(id)).toEqual(['recue']);
  });

  it('lien perdu : même réponse pour une adresse connue ou non ; un courriel, avec un lien qui marche', async () => {
    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/inscription/lien', payload: { email } });
    const unknown = await ask('personne@example.fr');
    // `dispo@example.fr` has one validated offer; `loue@example.fr` one still pending (first test).
    const known = await ask('DISPO@example.fr');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ status: 'success', message: LIEN_PERDU_REPONSE });
    const mail = await mailTo('dispo@example.fr');
    expect(mail.subject).toMatch(/^Le lien vers votre offre de logement — /);
    expect((await page(mail.token)).json()).toMatchObject({ proprietaire: { nom: 'DISPONIBLE' } });
    // An archived offer (let) is no live offer: no mail.
    expect((await ask('loue@example.fr')).statusCode).toBe(200);
    await mailTo('loue@example.fr');
    expect((await ask('action-loue@example.fr')).json()).toEqual(unknown.json());
    expect(await sent()).toEqual([]);
    const bad = await ask('pas-une-adresse');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].key).toBe('email');
  });
});

describe(`lien personnel du propriétaire : limite par adresse (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_FORM_RATE_LIMIT: '2' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('la page, les actions et le lien perdu répondent 429 en français au-delà de PUBLIC_FORM_RATE_LIMIT par minute', async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/logement/${'A'.repeat(43)}` },
      { method: 'POST' as const, url: `/api/logement/${'A'.repeat(43)}/disponible`, payload: {} },
      { method: 'POST' as const, url: '/api/inscription/lien', payload: { email: 'a@example.fr' } },
    ];
    for (const call of calls) {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await t.app.inject(call)).statusCode);
      expect(codes.slice(2)).toEqual([429]);
      expect(codes.slice(0, 2)).not.toContain(429);
    }
    const res = await t.app.inject(calls[2]);
    expect(res.json()).toMatchObject({ status: 'error', message: MESSAGES.tropDeRequetes });
  });
});
