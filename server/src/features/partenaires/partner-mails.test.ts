import { PARTENAIRE_MESSAGES } from '@guichet/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { mailOutbox, partenaires } from '../../db/schema.ts';
import { adminPut, register, uploadedLogo, validPartenaire } from './partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const LINK = /https:\/\/guichet\.example\.fr\/update\/partenaire\/([A-Za-z0-9_-]+)/g;

describe(`partenaires : courriels au partenaire et nouveau lien (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_URL });
    cookie = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(() => t.close());

  const mails = (kind: string, id?: number) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), id === undefined ? undefined : eq(mailOutbox.entiteId, id)))
      .orderBy(desc(mailOutbox.id));
  const mailsTo = (kind: string, to: string) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.to, to)))
      .orderBy(desc(mailOutbox.id));
  const admin = (url: string, payload?: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/${url}`, headers: { cookie }, payload });
  const askLink = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/partenaire/lien', payload: { email } });
    await t.app.afterResponse.settle();
    return res;
  };
  const tokenHash = async (id: number) =>
    (await t.app.db.select({ h: partenaires.tokenHash }).from(partenaires).where(eq(partenaires.id, id)))[0].h;

  /** Staff mail the renewal link; its token read from the queued mail. */
  async function renewalToken(id: number) {
    expect((await admin(`partenaire/send/mail/update/${id}`)).statusCode).toBe(200);
    const [mail] = await mails('renouvellement_partenaire', id);
    return [...mail.text.matchAll(LINK)][0][1];
  }

  it('accuse réception de l’inscription, par courriel au partenaire et à son représentant', async () => {
    const id = await register(t.app, { nom: 'Accueil Campus', mail: 'accueil@campus.fr', mailR: 'Dir@Campus.fr' });
    const [mail] = await mails('accuse_reception_partenaire', id);
    expect(mail.to).toBe('accueil@campus.fr, dir@campus.fr');
    expect(mail.subject).toBe('Votre inscription a bien été reçue — Guichet numérique étudiant');
    expect(mail.text).toContain('Bonjour Madame Martin,');
    expect(mail.text).toContain('Nous avons bien reçu l’inscription de « Accueil Campus »');
    expect(mail.entite).toBe('partenaire');
  });

  it('prévient le partenaire quand il est publié (validé et actif), une seule fois', async () => {
    const id = await register(t.app, { nom: 'Sport Étudiant' });
    expect((await adminPut(t.app, cookie, id, { statut: 2, actif: false, categorie: 3, filtre: 3 })).statusCode).toBe(
      200,
    );
    expect(await mails('decision_partenaire', id)).toHaveLength(0);
    expect((await adminPut(t.app, cookie, id, { actif: true })).statusCode).toBe(200);
    const [mail] = await mails('decision_partenaire', id);
    expect(mail.subject).toContain('Vous êtes publié dans l’annuaire des partenaires');
    expect(mail.text).toContain('« Sport Étudiant » : elle est désormais publiée dans l’annuaire des partenaires.');
    expect(mail.text).toContain(`${PUBLIC_URL}/partenaires`);
    // Saved again while published: no second mail.
    expect((await adminPut(t.app, cookie, id, { ville: 'TROYES' })).statusCode).toBe(200);
    expect(await mails('decision_partenaire', id)).toHaveLength(1);
  });

  it('le renvoi un par un suit la règle de la campagne : refusé (409) à un partenaire non validé, rien en file', async () => {
    const id = await register(t.app, { nom: 'En Attente' });
    const res = await admin(`partenaire/send/mail/update/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PARTENAIRE_MESSAGES.renouvellementNonValide);
    expect(await mails('renouvellement_partenaire', id)).toHaveLength(0);
    expect(await tokenHash(id)).toBeNull();
  });

  it('dit au partenaire que ses modifications sont validées, ou refusées', async () => {
    const id = await register(t.app, { nom: 'Restau Campus', mail: 'restau@campus.fr', mailR: 'restau@campus.fr' });
    await adminPut(t.app, cookie, id, { statut: 2, actif: true, categorie: 3, filtre: 3 });
    const logo = await uploadedLogo(t.app);
    const fields = validPartenaire(logo, { nom: 'Restau Campus', mail: 'restau@campus.fr', mailR: 'restau@campus.fr' });
    const propose = async () => {
      const token = await renewalToken(id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/partenaire/update/${id}`,
        payload: { ...fields, presentation: 'Repas à 1 €.', token },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await propose();
    expect((await admin(`partenaire/reject/update/${id}`)).statusCode).toBe(200);
    const [refus] = await mails('decision_partenaire', id);
    expect(refus.to).toBe('restau@campus.fr');
    expect(refus.subject).toContain('Vos modifications n’ont pas été retenues');
    expect(refus.text).toContain('vos informations restent celles enregistrées jusqu’ici');

    await propose();
    const ok = await admin(`partenaire/valid/update/${id}`, {
      partenaire: { ...fields, presentation: 'Repas à 1 €.' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [validee] = await mails('decision_partenaire', id);
    expect(validee.subject).toContain('Vos modifications sont validées');
    expect(validee.text).toContain('elles sont publiées dans l’annuaire des partenaires');
  });

  it('nouveau lien : même réponse pour une adresse connue ou non, un seul courriel listant un lien par partenaire', async () => {
    const email = 'multi@asso.fr';
    const a = await register(t.app, { nom: 'Asso Un', mail: email, mailR: 'un@asso.fr' });
    const b = await register(t.app, { nom: 'Asso Deux', mail: 'deux@asso.fr', mailR: 'Multi@Asso.fr' });
    const refused = await register(t.app, { nom: 'Asso Refusée', mail: email, mailR: email });
    await adminPut(t.app, cookie, b, { statut: 2, actif: true, categorie: 3, filtre: 3 });
    await adminPut(t.app, cookie, refused, { statut: 3 });

    const known = await askLink('MULTI@asso.fr');
    const unknown = await askLink('personne@nulle-part.fr');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.lienDemande });
    expect(await mailsTo('lien_partenaire', 'personne@nulle-part.fr')).toHaveLength(0);

    const sent = await mailsTo('lien_partenaire', email);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.text).toContain('Mettre à jour « Asso Un »');
    expect(mail.text).toContain('Mettre à jour « Asso Deux »');
    expect(mail.text).not.toContain('Asso Refusée');
    expect(mail.personalLinks).toHaveLength(2);
    // Each link opens its own partner.
    for (const [, token] of mail.text.matchAll(LINK)) {
      const res = await t.app.inject({ url: `/api/partenaire/get/one/by/${token}` });
      expect(res.statusCode).toBe(200);
      expect([a, b]).toContain(res.json().partenaire.id);
    }
    expect(await tokenHash(refused)).toBeNull();
  });

  it('nouveau lien : au plus 3 courriels par adresse en 24 h, la réponse ne change pas', async () => {
    const email = 'limite@asso.fr';
    await register(t.app, { nom: 'Asso Limite', mail: email, mailR: email });
    for (let i = 0; i < 5; i++) {
      const res = await askLink(email);
      expect(res.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.lienDemande });
    }
    expect(await mailsTo('lien_partenaire', email)).toHaveLength(3);
    // A day later, the address may ask again.
    await t.app.db
      .update(mailOutbox)
      .set({ createdAt: sql`${mailOutbox.createdAt} - interval '25 hours'` })
      .where(eq(mailOutbox.to, email));
    await askLink(email);
    expect(await mailsTo('lien_partenaire', email)).toHaveLength(4);
  });

  it('nouveau lien : une adresse invalide est refusée (400) et rien n’est envoyé', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/partenaire/lien',
      payload: { email: 'pas-une-adresse' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].key).toBe('email');
  });
});
