import { MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { mailOutbox, partenaires } from '../../db/schema.ts';
import { PERSONAL_LINK_MARKER } from '../../platform/mail/index.ts';
import { hashToken } from '../../platform/tokens.ts';
import { adminPut, register, uploadedLogo, validPartenaire } from './partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const LINK = /https:\/\/guichet\.example\.fr\/update\/partenaire\/([A-Za-z0-9_-]+)/;

describe(`partenaires : renouvellement annuel par lien personnel (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let cookie: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL });
    cookie = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/${url}`, headers: { cookie }, payload });
  const detail = async (id: number) => (await admin('GET', `partenaire/get/${id}`)).json().partenaire;
  const row = async (id: number) => (await t.app.db.select().from(partenaires).where(eq(partenaires.id, id)))[0];
  const view = (token: string) => t.app.inject({ url: `/api/partenaire/get/one/by/${token}` });
  const confirm = (id: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/partenaire/valid/infos/${id}`, payload: body });
  const propose = (id: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/partenaire/update/${id}`, payload: body });

  /**
   * Staff send the renewal mail (only a validated partner gets one: a pending one is validated
   * first); the dispatcher delivers it to the SMTP peer; the link's token is returned.
   */
  async function renew(id: number): Promise<string> {
    await t.app.db.update(partenaires).set({ statutId: 2 }).where(eq(partenaires.id, id));
    // The registration and publication mails go first: the renewal is counted alone.
    await t.mail.drain();
    const before = peer.received.length;
    const res = await admin('PUT', `partenaire/send/mail/update/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.mailEnvoye });
    expect(await t.mail.drain()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(before + 1);
    const mail = peer.received.at(-1);
    const token = mail?.parsed.text?.match(LINK)?.[1];
    if (!token) throw new Error(`lien absent du courriel : ${mail?.parsed.text}`);
    return token;
  }

  it('envoie le lien personnel par courriel, ne garde que l’empreinte du jeton, et le lien ouvre la fiche', async () => {
    const id = await register(t.app, { nom: 'Maison des Étudiants', mailR: 'Direction@Example.fr' });
    await adminPut(t.app, cookie, id, { statut: 2, actif: true, categorie: 3, filtre: 3 });
    const token = await renew(id);
    const mail = peer.received.at(-1);
    if (!mail) throw new Error('aucun courriel');
    expect(mail.envelope.to.sort()).toEqual(['contact@velo-campus.fr', 'direction@example.fr']);
    expect(mail.parsed.subject).toBe('Mise à jour annuelle de vos informations — Guichet numérique étudiant');
    expect(mail.parsed.text).toContain('Bonjour Madame Martin,');
    expect(mail.parsed.text).toContain('« Maison des Étudiants »');
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/update/partenaire/${token}"`);
    // 256 bits of randomness; only its SHA-256 is stored.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await row(id);
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.now() - (stored.tokenSentAt?.getTime() ?? 0)).toBeLessThan(60_000);
    // Staff see that a mail went, never the token.
    const seen = await admin('GET', `partenaire/get/${id}`);
    expect(seen.json().partenaire).toMatchObject({ token: true });
    expect(seen.body).not.toContain(token);
    expect(seen.body).not.toContain(stored.tokenHash);
    // Neither the directory.
    expect((await t.app.inject({ url: '/api/partenaire/get/valid' })).body).not.toContain(stored.tokenHash);

    const opened = await view(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json().partenaire).toEqual({
      id,
      ...validPartenaire(stored.logo, { nom: 'Maison des Étudiants' }),
      lien: 'https://velo-campus.fr',
      ville: 'TROYES',
      mailR: 'Direction@Example.fr',
    });
  });

  it('confirmer sans modifier date la mise à jour et use le jeton ; un id seul ou un autre jeton ne suffit pas', async () => {
    const id = await register(t.app);
    const other = await register(t.app);
    const token = await renew(id);
    const otherToken = await renew(other);

    const noToken = await confirm(id, {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors[0].key).toBe('token');
    for (const body of [{ token: 'inconnu' }, { token: otherToken }]) {
      const res = await confirm(id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.partenaireIntrouvableToken);
    }
    expect((await confirm(other, { token })).statusCode).toBe(404);
    expect((await row(id)).dateLastUpdate).toBeNull();

    const ok = await confirm(id, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.infosConfirmees });
    const after = await row(id);
    expect(Date.now() - (after.dateLastUpdate?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(after).toMatchObject({ tokenHash: null, tokenSentAt: null, tempdata: null, nom: 'Vélo Campus' });
    expect((await detail(id)).token).toBe(false);

    // A used link: 404 « Partenaire introuvable » everywhere.
    for (const res of [
      await view(token),
      await confirm(id, { token }),
      await propose(id, { ...validPartenaire(after.logo), token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.partenaireIntrouvableToken);
    }
    // The other partner's link still works.
    expect((await view(otherToken)).statusCode).toBe(200);
  });

  it('un nouveau mail remplace le lien précédent', async () => {
    const id = await register(t.app);
    const first = await renew(id);
    const second = await renew(id);
    expect(second).not.toBe(first);
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(second)).statusCode).toBe(200);
  });

  it('proposer des modifications : mises en attente, jeton usé ; le guichet corrige la proposition et la valide', async () => {
    const id = await register(t.app, { nom: 'Ciné Campus' });
    await adminPut(t.app, cookie, id, { statut: 2, actif: true, categorie: 4, filtre: 5 });
    const before = await row(id);
    const token = await renew(id);
    const newLogo = await uploadedLogo(t.app, '#ff8800');

    // Invalid input is refused under its field and does not use the link up.
    const bad = await propose(id, { ...validPartenaire(newLogo), cp: '12', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ key: 'cp', error: 'Veuillez saisir un code postal à 5 chiffres.' }]);
    const unknownLogo = await propose(id, {
      ...validPartenaire('ffffffffffffffffffffffffffffffff.png'),
      token,
    });
    expect(unknownLogo.statusCode).toBe(400);
    expect(unknownLogo.json().errors).toEqual([{ key: 'logo', error: PARTENAIRE_MESSAGES.logoInconnu }]);
    expect((await row(id)).tokenHash).toBe(hashToken(token));

    const proposal = validPartenaire(newLogo, { nom: 'Ciné Campus Troyes', lienOffres: 'cine-campus.fr/offres' });
    const ok = await propose(id, { ...proposal, token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.modificationsEnvoyees });
    const pending = await row(id);
    expect(pending).toMatchObject({ tokenHash: null, nom: 'Ciné Campus', logo: before.logo, dateLastUpdate: null });
    expect(pending.tempdata).toMatchObject({
      nom: 'Ciné Campus Troyes',
      logo: newLogo,
      lienOffres: 'https://cine-campus.fr/offres',
      ville: 'TROYES',
    });
    expect((await view(token)).statusCode).toBe(404);
    // The directory still shows the published data.
    const published = (await t.app.inject({ url: '/api/partenaire/get/valid?filtres[]=5' })).json();
    expect(published.map((p: { nom: string }) => p.nom)).toEqual(['Ciné Campus']);

    const d = await detail(id);
    expect(d).toMatchObject({ nom: 'Ciné Campus', tempdata: { nom: 'Ciné Campus Troyes', logo: newLogo } });
    const listed = await admin('GET', 'partenaires/get/list/by/filters?filter[tempdata]=true');
    expect(listed.json().partenaires.map((p: { id: number }) => p.id)).toContain(id);

    // While a proposal waits: no renewal mail, no plain save.
    const mailCount = await t.app.db.$count(mailOutbox);
    const refusedMail = await admin('PUT', `partenaire/send/mail/update/${id}`);
    expect(refusedMail.statusCode).toBe(409);
    expect(refusedMail.json().message).toBe(PARTENAIRE_MESSAGES.modificationsEnAttente);
    expect(await t.app.db.$count(mailOutbox)).toBe(mailCount);
    expect((await row(id)).tokenHash).toBeNull();

    // Staff correct the proposal (name) and validate it: applied with the new logo, in one go.
    const invalid = await admin('PUT', `partenaire/valid/update/${id}`, { partenaire: { ...d.tempdata, cp: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect((await row(id)).tempdata).not.toBeNull();
    const valid = await admin('PUT', `partenaire/valid/update/${id}`, {
      partenaire: { ...d.tempdata, nom: 'Ciné Campus de Troyes' },
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.modificationsValidees });
    const applied = await row(id);
    expect(applied).toMatchObject({
      nom: 'Ciné Campus de Troyes',
      logo: newLogo,
      lienOffres: 'https://cine-campus.fr/offres',
      tempdata: null,
      statutId: 2,
      actif: true,
    });
    expect(Date.now() - (applied.dateLastUpdate?.getTime() ?? 0)).toBeLessThan(60_000);
    const after = (await t.app.inject({ url: '/api/partenaire/get/valid?filtres[]=5' })).json();
    expect(after.map((p: { nom: string; logo: string }) => [p.nom, p.logo])).toEqual([
      ['Ciné Campus de Troyes', newLogo],
    ]);
    // Nothing left to validate or refuse.
    expect((await admin('PUT', `partenaire/valid/update/${id}`, { partenaire: d.tempdata })).statusCode).toBe(409);
    expect((await admin('PUT', `partenaire/reject/update/${id}`)).statusCode).toBe(409);
    // A renewal is possible again.
    await renew(id);
  });

  it('proposer puis refuser : la proposition disparaît, la fiche publiée ne change pas', async () => {
    const id = await register(t.app, { nom: 'Piscine Olympique' });
    const before = await row(id);
    const token = await renew(id);
    const proposal = validPartenaire(await uploadedLogo(t.app), { nom: 'Nom proposé', ville: 'paris' });
    expect((await propose(id, { ...proposal, token })).statusCode).toBe(200);
    const res = await admin('PUT', `partenaire/reject/update/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.modificationsRefusees });
    const after = await row(id);
    expect(after).toMatchObject({ tempdata: null, tokenHash: null, nom: 'Piscine Olympique', ville: 'TROYES' });
    expect(after.logo).toBe(before.logo);
    expect(after.dateLastUpdate).toBeNull();
    expect((await admin('PUT', `partenaire/reject/update/${id}`)).statusCode).toBe(409);
  });

  it('deux envois simultanés avec le même lien : un seul passe', async () => {
    const id = await register(t.app);
    const token = await renew(id);
    const logo = await uploadedLogo(t.app);
    const results = await Promise.all([
      propose(id, { ...validPartenaire(logo, { nom: 'Premier' }), token }),
      propose(id, { ...validPartenaire(logo, { nom: 'Second' }), token }),
      confirm(id, { token }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    const after = await row(id);
    expect(after.tokenHash).toBeNull();
    // Either the confirmation or one proposal won, never a mix.
    if (after.tempdata) expect(after.dateLastUpdate).toBeNull();
    else expect(after.dateLastUpdate).not.toBeNull();
  });

  it('partenaire inconnu : 404 et aucun courriel en file', async () => {
    const mails = await t.app.db.$count(mailOutbox);
    const res = await admin('PUT', 'partenaire/send/mail/update/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.partenaireIntrouvable);
    expect(await t.app.db.$count(mailOutbox)).toBe(mails);
    expect((await admin('PUT', 'partenaire/reject/update/999999')).statusCode).toBe(404);
    expect(
      (await admin('PUT', 'partenaire/valid/update/999999', { partenaire: validPartenaire(await uploadedLogo(t.app)) }))
        .statusCode,
    ).toBe(404);
  });

  it('le courriel envoyé n’est plus gardé avec son lien : la file n’en garde qu’une mention', async () => {
    const id = await register(t.app);
    const token = await renew(id);
    const [stored] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.text).toContain(`Vérifier mes informations : ${PERSONAL_LINK_MARKER}`);
    expect(stored.html).toContain(PERSONAL_LINK_MARKER);
    expect(stored.personalLinks).toEqual([]);
    // The mail itself carried the working link, and it still works.
    expect((await view(token)).statusCode).toBe(200);
  });

  it('un lien envoyé il y a plus de PARTNER_LINK_DAYS jours répond comme un lien inconnu', async () => {
    const id = await register(t.app);
    const token = await renew(id);
    const DAY = 24 * 3600_000;
    const sentAt = async (daysAgo: number) =>
      t.app.db
        .update(partenaires)
        .set({ tokenSentAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(partenaires.id, id));
    await sentAt(59.9);
    expect((await view(token)).statusCode).toBe(200);
    await sentAt(60.1);
    const logo = (await row(id)).logo;
    for (const res of [
      await view(token),
      await confirm(id, { token }),
      await propose(id, { ...validPartenaire(logo), token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.partenaireIntrouvableToken);
    }
    expect(await row(id)).toMatchObject({ tempdata: null, dateLastUpdate: null });
    expect(MESSAGES.partenaireIntrouvableToken).toBe('Partenaire introuvable');
  });

  it('la durée de validité se règle par PARTNER_LINK_DAYS', async () => {
    const short = await testApp({ SMTP_URL: peer.url, PUBLIC_URL, PARTNER_LINK_DAYS: '2' });
    try {
      const staff = (await short.agent(['ROLE_USER'])).cookie;
      const id = await register(short.app);
      await short.app.db.update(partenaires).set({ statutId: 2 }).where(eq(partenaires.id, id));
      await short.mail.drain();
      const before = peer.received.length;
      await short.app.inject({
        method: 'PUT',
        url: `/api/admin/partenaire/send/mail/update/${id}`,
        headers: { cookie: staff },
      });
      await short.mail.drain();
      const mail = peer.received.slice(before).at(-1);
      const token = mail?.parsed.text?.match(LINK)?.[1] ?? '';
      expect(mail?.parsed.text).toContain('reste valable 2 jours');
      const open = () => short.app.inject({ url: `/api/partenaire/get/one/by/${token}` });
      expect((await open()).statusCode).toBe(200);
      await short.app.db
        .update(partenaires)
        .set({ tokenSentAt: new Date(Date.now() - 2 * 24 * 3600_000 - 60_000) })
        .where(eq(partenaires.id, id));
      expect((await open()).statusCode).toBe(404);
    } finally {
      await short.close();
    }
  });
});
