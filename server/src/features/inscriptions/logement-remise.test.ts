import { LOGEMENT_ACTION_MESSAGES, REMISE_IMPOSSIBLE, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { inscriptionEvenements, inscriptions } from '../../db/schema.ts';
import { housingList } from '../etudiants/etudiants.service.ts';
import { pdfText } from '../etudiants/pdf-text.testing.ts';
import { seedInscriptions } from './inscriptions.fixtures.ts';
import { REMISE_DIRECTE_JOURS } from './landlord.service.ts';
import { createLandlordLink } from './landlord-links.ts';

const DAY = 24 * 3600_000;

describe(`offre refusée ou archivée vue par son propriétaire (${dbKind})`, () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await testApp();
    staff = (await t.agent(['ROLE_USER'])).cookie;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const page = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/logement/${token}` })).json();
  const act = (token: string, action: string) =>
    t.app.inject({ method: 'POST', url: `/api/logement/${token}/${action}`, payload: {} });
  const row = async (id: number) => (await db().select().from(inscriptions).where(eq(inscriptions.id, id)))[0];
  const events = async (id: number) =>
    (
      await db()
        .select({ type: inscriptionEvenements.type, detail: inscriptionEvenements.detail })
        .from(inscriptionEvenements)
        .where(eq(inscriptionEvenements.inscriptionId, id))
        .orderBy(inscriptionEvenements.id)
    ).map((e) => (e.detail ? `${e.type} : ${e.detail}` : e.type));
  const studentsList = async () => pdfText((await housingList(db())).pdf).replace(/\s+/g, ' ');

  /** A seeded offer in the given state, its history, and a personal link to it. */
  async function offer(
    nom: string,
    set: Partial<typeof inscriptions.$inferInsert>,
    history: { type: 'validee' | 'expiree' | 'louee' | 'refusee'; date: Date; detail?: string }[] = [],
  ) {
    const [id] = await seedInscriptions(db(), [{ date: new Date(Date.now() - 60 * DAY), proprietaire: { nom } }]);
    if (Object.keys(set).length) await db().update(inscriptions).set(set).where(eq(inscriptions.id, id));
    if (history.length)
      await db()
        .insert(inscriptionEvenements)
        .values(history.map((e) => ({ inscriptionId: id, ...e })));
    return { id, token: await createLandlordLink(db(), id, new Date()) };
  }

  it('une offre refusée montre le motif du guichet ; « loué » et « retrait » restent refusés', async () => {
    const { id } = await offer('Refusmotif', {});
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/inscription/update/${id}`,
      headers: { cookie: staff },
      payload: { statut: STATUT.refuse, motif: 'Adresse incomplète.' },
    });
    expect(res.statusCode).toBe(200);
    const token = await createLandlordLink(db(), id, new Date());
    expect(await page(token)).toMatchObject({
      idStatut: STATUT.refuse,
      motifRefus: 'Adresse incomplète.',
      remiseEnLigne: null,
    });
    for (const action of ['loue', 'retrait', 'disponible', 'remise-en-ligne'])
      expect((await act(token, action)).statusCode).toBe(409);
    expect((await row(id)).statutId).toBe(STATUT.refuse);
  });

  it(`expirée il y a moins de ${REMISE_DIRECTE_JOURS} jours : « Remettre mon offre en ligne » la remet aussitôt dans la liste, confirmée`, async () => {
    const validated = new Date(Date.now() - 50 * DAY);
    const { id, token } = await offer(
      'Expireerecente',
      { statutId: STATUT.archive, motifArchivage: 'expiree', dateValidation: validated, dateConfirmation: validated },
      [
        { type: 'validee', date: validated },
        { type: 'expiree', date: new Date(Date.now() - 3 * DAY) },
      ],
    );
    expect(await page(token)).toMatchObject({ remiseEnLigne: 'directe' });
    expect(await studentsList()).not.toContain('EXPIREERECENTE');
    const res = await act(token, 'remise-en-ligne');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: LOGEMENT_ACTION_MESSAGES.remiseDirecte });
    const after = await row(id);
    expect(after).toMatchObject({ statutId: STATUT.valide, motifArchivage: null, dateRelance: null });
    expect(Date.now() - (after.dateConfirmation?.getTime() ?? 0)).toBeLessThan(60_000);
    expect((await events(id)).at(-1)).toBe('remise_en_ligne : De nouveau dans la liste, disponibilité confirmée');
    expect(await studentsList()).toContain('EXPIREERECENTE');
    // Done once: it is no longer archived.
    const again = await act(token, 'remise-en-ligne');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REMISE_IMPOSSIBLE.pasArchivee);
  });

  it.each([
    ['louée', { motifArchivage: 'loue' as const, dateValidation: new Date(Date.now() - 20 * DAY) }, []],
    [
      `expirée il y a plus de ${REMISE_DIRECTE_JOURS} jours`,
      { motifArchivage: 'expiree' as const, dateValidation: new Date(Date.now() - 80 * DAY) },
      [{ type: 'expiree' as const, date: new Date(Date.now() - (REMISE_DIRECTE_JOURS + 1) * DAY) }],
    ],
  ])(
    '%s : la remise en ligne la renvoie à l’examen du guichet (« En attente », datée du jour)',
    async (label, set, history) => {
      const nom = `Remise${label.length}`;
      const { id, token } = await offer(nom, { statutId: STATUT.archive, ...set }, history);
      expect(await page(token)).toMatchObject({ remiseEnLigne: 'examen' });
      const res = await act(token, 'remise-en-ligne');
      expect(res.json()).toEqual({ status: 'success', message: LOGEMENT_ACTION_MESSAGES.remiseExamen });
      const after = await row(id);
      expect(after).toMatchObject({ statutId: STATUT.enAttente, motifArchivage: null });
      expect(Date.now() - after.date.getTime()).toBeLessThan(60_000);
      expect((await events(id)).at(-1)).toBe('remise_en_ligne : Renvoyée à l’examen du guichet');
      expect(await studentsList()).not.toContain(nom.toUpperCase());
    },
  );

  it('archivée par le guichet : pas de remise en ligne par le propriétaire (409), rien ne change ; ni pour une offre en cours', async () => {
    const { id } = await offer('Archiveguichet', { statutId: STATUT.valide, dateValidation: new Date() });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/inscription/update/${id}`,
      headers: { cookie: staff },
      payload: { statut: STATUT.archive },
    });
    expect(res.statusCode).toBe(200);
    expect(await events(id)).toEqual(['archivee']);
    const token = await createLandlordLink(db(), id, new Date());
    expect(await page(token)).toMatchObject({ idStatut: STATUT.archive, remiseEnLigne: null });
    const refused = await act(token, 'remise-en-ligne');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REMISE_IMPOSSIBLE.parLeGuichet);
    expect((await row(id)).statutId).toBe(STATUT.archive);

    const pending = await offer('Encours', {});
    const no = await act(pending.token, 'remise-en-ligne');
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toBe(REMISE_IMPOSSIBLE.pasArchivee);
    expect(await events(pending.id)).toEqual([]);
  });
});
