import { randomBytes } from 'node:crypto';
import { FIELD_MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { inscriptions, partenaires } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { validInscription } from '../inscriptions/inscriptions.fixtures.ts';
import { adminPut, register, uploadedLogo, validPartenaire } from './partenaires.fixtures.ts';

/**
 * Phones as people type them, through every public and staff form that takes one (issue 13):
 * accepted, stored as ten digits, refused in French when it is not a French number.
 */
describe(`téléphones saisis comme on les écrit (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(() => t.close());

  const owner = (telephone: string) => ({ ...validInscription().proprietaire, telephone });

  it('l’étape « Propriétaire » accepte les écritures usuelles, en refuse d’autres sous « telephone »', async () => {
    for (const telephone of ['06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', '+33 (0)6 12 34 56 78']) {
      const res = await t.app.inject({
        url: '/api/inscription/proprietaire/validate',
        query: owner(telephone),
      });
      expect(res.statusCode, telephone).toBe(200);
      expect(res.json()).toEqual({ status: 'success', errors: [] });
    }
    for (const telephone of ['06 12 34 56 7', '+32 2 123 45 67', '06 12 AB 56 78']) {
      const res = await t.app.inject({ url: '/api/inscription/proprietaire/validate', query: owner(telephone) });
      expect(res.statusCode, telephone).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'La requête est invalide.',
        errors: [{ key: 'telephone', error: FIELD_MESSAGES.telephone }],
      });
    }
  });

  it('l’offre envoyée avec « +33 6 12 34 56 78 » est enregistrée avec dix chiffres', async () => {
    const body = validInscription();
    body.proprietaire.telephone = '+33 6 12 34 56 78';
    body.proprietaire.email = `tel-${randomBytes(3).toString('hex')}@example.fr`;
    const res = await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ telephone: inscriptions.telephone })
      .from(inscriptions)
      .where(eq(inscriptions.email, body.proprietaire.email));
    expect(row.telephone).toBe('0612345678');

    // Staff search the table the way they read the number: grouped by two.
    const list = await t.app.inject({
      url: '/api/admin/inscriptions/get/list/by/filters',
      query: { 'filter[telephone]': '06 12 34.56' },
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().inscriptions.map((i: { email: string }) => i.email)).toContain(body.proprietaire.email);
  });

  it('l’inscription d’un partenaire range ses deux téléphones en dix chiffres', async () => {
    const id = await register(t.app, { telephone: '03.25.00.00.01', telephoneR: '0033 6 12 34 56 78' });
    const [row] = await t.app.db
      .select({ telephone: partenaires.telephone, telephoneR: partenaires.telephoneR })
      .from(partenaires)
      .where(eq(partenaires.id, id));
    expect(row).toEqual({ telephone: '0325000001', telephoneR: '0612345678' });

    const logo = await uploadedLogo(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/partenaire/add',
      payload: validPartenaire(logo, { telephone: '03 25 00 00', telephoneR: '+44 20 7946 0000' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { key: 'telephone', error: FIELD_MESSAGES.telephone },
      { key: 'telephoneR', error: FIELD_MESSAGES.telephone },
    ]);
  });

  it('la proposition par lien personnel et la fiche du guichet acceptent « 06 12 34 56 78 »', async () => {
    const id = await register(t.app);
    const token = randomBytes(32).toString('base64url');
    await t.app.db
      .update(partenaires)
      .set({ tokenHash: hashToken(token), tokenSentAt: new Date() })
      .where(eq(partenaires.id, id));
    const current = (await t.app.inject({ url: `/api/partenaire/get/one/by/${token}` })).json().partenaire;
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/partenaire/update/${id}`,
      payload: { ...current, token, telephone: '+33 (0)3 25 00 00 09', telephoneR: '06 98 76 54 32' },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const staff = (await t.app.inject({ url: `/api/admin/partenaire/get/${id}`, headers: { cookie } })).json();
    expect(staff.partenaire.tempdata).toMatchObject({ telephone: '0325000009', telephoneR: '0698765432' });

    // Staff refuse the proposal, then type the number their own way on the partner's page.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/partenaire/reject/update/${id}`,
      headers: { cookie },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const saved = await adminPut(t.app, cookie, id, { telephone: '03 25 00 00 07' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.app.db
      .select({ telephone: partenaires.telephone })
      .from(partenaires)
      .where(eq(partenaires.id, id));
    expect(row.telephone).toBe('0325000007');
  });
});
