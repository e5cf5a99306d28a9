import { STATUT, VERSION_MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { partenaires } from '../server/src/db/schema.ts';
import { uploadedLogo, validPartenaire } from '../server/src/features/partenaires/partenaires.fixtures.ts';
import { expectFailure, portalWithMail, signIn } from './harness.ts';

/** The partner's staff page while the record changes under it, in Chromium (decisions §6.1). */
describe('fiche partenaire : données en attente et modification entre-temps, dans Chromium', () => {
  const ctx = portalWithMail();
  let logo: string;

  beforeEach(async () => {
    await ctx.portal.agent('gestion.version', ['ROLE_USER']);
    logo = await uploadedLogo(ctx.portal.app);
  });

  async function partner(nom: string, proposition: boolean) {
    const res = await ctx.portal.app.inject({
      method: 'POST',
      url: '/api/partenaire/add',
      payload: validPartenaire(logo, { nom, mail: `${nom.toLowerCase()}@exemple.fr` }),
    });
    if (res.statusCode !== 200) throw new Error(`inscription refusée : ${res.body}`);
    const [row] = await ctx.portal.database.db
      .update(partenaires)
      .set({
        statutId: STATUT.valide,
        actif: true,
        categorieId: 1,
        filtreId: 1,
        tempdata: proposition ? validPartenaire(logo, { nom: `${nom} (nouveau nom)` }) : null,
      })
      .where(eq(partenaires.nom, nom))
      .returning({ id: partenaires.id });
    return row.id;
  }
  async function staffOn(id: number) {
    const page = await ctx.portal.page();
    await signIn(page, 'gestion.version', `/admin/partenaire/${id}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Partenaire' }).waitFor({ timeout: 30_000 });
    return page;
  }
  const PLACEMENT = ['Statut', 'Activé', 'Catégorie', 'Filtre'];
  /** A field by its label, with or without the required mark. */
  const field = (label: string) => new RegExp(`^${label}( \\*)?$`);

  it('tant que le partenaire a des modifications en attente, aucun choix de statut, activation, catégorie ou filtre', async () => {
    const pending = await partner('Attente', true);
    const page = await staffOn(pending);
    await page.getByRole('heading', { level: 2, name: 'Modifications proposées par le partenaire' }).waitFor();
    for (const label of PLACEMENT) expect(await page.getByLabel(field(label)).count(), label).toBe(0);

    // Without pending changes the same page offers them (the labels above are the right ones).
    const plain = await partner('Libre', false);
    await page.goto(`/admin/partenaire/${plain}`);
    await page.getByRole('heading', { level: 2, name: "Publication dans l'annuaire" }).waitFor();
    for (const label of PLACEMENT) expect(await page.getByLabel(field(label)).count(), label).toBe(1);
  });

  it('modifié depuis l’ouverture : le 409 dit ce qui a changé, la saisie reste, « Recharger » montre la fiche à jour', async () => {
    const id = await partner('Ouvert', false);
    const page = await staffOn(id);
    const nom = page.getByLabel(field('Nom du partenaire'));
    await nom.waitFor();
    // Another agent saves the partner after this page was opened.
    await ctx.portal.database.db
      .update(partenaires)
      .set({ ville: 'REIMS', actif: false })
      .where(eq(partenaires.id, id));
    expectFailure(page, `PUT /api/admin/partenaire/update/${id}`, 409);
    await nom.fill('Nom de l’agent');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Ce qui a changé' });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain(VERSION_MESSAGES.partenaire);
    expect(text).toContain('activé (Inactif)');
    expect(text).toContain('Ville');
    expect(await nom.inputValue()).toBe('Nom de l’agent');
    expect((await ctx.portal.database.db.select().from(partenaires).where(eq(partenaires.id, id)))[0].nom).toBe(
      'Ouvert',
    );

    await alert.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => nom.inputValue()).toBe('Ouvert');
    expect(await page.getByLabel(field('Ville')).inputValue()).toBe('REIMS');
    expect(await page.getByRole('button', { name: 'Recharger' }).count()).toBe(0);
  });
});
