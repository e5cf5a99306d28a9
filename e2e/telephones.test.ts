import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inscriptions, partenaires } from '../server/src/db/schema.ts';
import { type Portal, signIn, startPortal } from './harness.ts';

/** A field by its whole label, whatever required-marker MUI appends. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}[\\s\u2009*]*$`));
}
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(name) });
async function radio(page: Page, question: string, answer: 'Oui' | 'Non') {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
}

/**
 * Phone numbers typed the way people write them (issue 13): the input no longer cuts "06 12 34 56 78"
 * to ten characters, the server accepts it, stores ten digits, and people read it grouped by two.
 */
describe('téléphones tels qu’on les écrit, dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('gestion.telephones', ['ROLE_USER']);
  });
  afterAll(() => portal?.close());

  it('un propriétaire tape « 06 12 34 56 78 » : l’assistant l’accepte, le récapitulatif et le guichet le lisent groupé', async () => {
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await stepHeading(page, 'Propriétaire').waitFor();
    await field(page, 'Nom').fill('Dupont');
    await field(page, 'Prénom').fill('Marie');
    await field(page, 'Téléphone').pressSequentially('06 12 34 56 78');
    expect(await field(page, 'Téléphone').inputValue()).toBe('06 12 34 56 78');
    expect(await field(page, 'Téléphone').getAttribute('inputmode')).toBe('tel');
    expect(await field(page, 'Téléphone').getAttribute('autocomplete')).toBe('tel');
    await field(page, 'Adresse de courriel').fill('marie.dupont@example.fr');
    await field(page, 'Adresse du logement').fill('8 rue Émile Zola');
    await field(page, 'Code postal').fill('10000');
    await field(page, 'Ville').fill('Troyes');
    // The step is checked by the server (GET …/proprietaire/validate): any 400 would fail this test.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading(page, 'Logement').waitFor();

    await field(page, 'Proximité').selectOption('Secteur Centre-ville Troyes - Gare');
    await field(page, 'Type de logement').selectOption('Studio');
    await radio(page, 'Colocation', 'Non');
    await radio(page, 'Logement situé dans un immeuble', 'Non');
    await field(page, 'Surface').selectOption('Entre 20 et 25 m²');
    await field(page, 'Chauffage').selectOption('Collectif');
    await field(page, 'Loyer hors charges').selectOption('Entre 300 et 350 euros');
    await field(page, 'Charges mensuelles (en euros)').fill('40');
    await field(page, 'Équipement').selectOption('Meublé');
    await field(page, 'Informations sur le logement').selectOption('Logement ancien');
    await radio(page, 'Ascenseur', 'Non');
    await radio(page, 'Local vélo', 'Non');
    await radio(page, 'Parking voiture', 'Non');
    await radio(page, 'Éligible aux aides au logement (CAF)', 'Oui');
    await page.getByRole('button', { name: 'Suivant' }).click();

    await stepHeading(page, 'Récapitulatif').waitFor();
    const recapPhone = page.locator('dl dt', { hasText: /^Téléphone$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await recapPhone.textContent()).toBe('06 12 34 56 78');
    await page.getByRole('button', { name: 'Valider' }).click();
    await stepHeading(page, 'Merci, votre offre de logement est enregistrée').waitFor();
    const [row] = await portal.database.db
      .select({ id: inscriptions.id, telephone: inscriptions.telephone })
      .from(inscriptions)
      .where(eq(inscriptions.email, 'marie.dupont@example.fr'));
    expect(row.telephone).toBe('0612345678');

    // Staff read it grouped in the table and on the offer's page.
    const staff = await portal.page();
    await signIn(staff, 'gestion.telephones', '/admin/inscriptions');
    const tableRow = staff.getByRole('row').filter({ hasText: 'DUPONT' });
    await tableRow.getByRole('gridcell', { name: '06 12 34 56 78' }).waitFor();
    // This state passes axe in inscriptions.test.ts (each state is checked once).
    await staff.goto(`/admin/inscription/${row.id}`);
    const detailPhone = staff.locator('dl dt', { hasText: /^Téléphone$/ }).locator('xpath=following-sibling::dd[1]');
    await detailPhone.waitFor();
    expect(await detailPhone.textContent()).toBe('06 12 34 56 78');
  });

  it('un partenaire tape « +33 6 12 34 56 78 » et « 03.25.00.00.01 » : inscrit, dix chiffres stockés, fiche groupée', async () => {
    const page = await portal.page();
    await page.goto('/inscription/partenaire');
    await page.getByRole('heading', { level: 1, name: 'Devenir partenaire' }).waitFor();
    await field(page, 'Nom du partenaire').fill('Vélo Campus');
    await field(page, 'Site web').fill('velo-campus.fr');
    await field(page, 'Lien vers les offres étudiantes').fill('https://velo-campus.fr/etudiants');
    await field(page, 'Présentation').fill('Location de vélos à prix réduit pour les étudiants.');
    await page.getByTestId('champ-logo-fichier').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 120, height: 60, channels: 3, background: '#000091' } })
        .png()
        .toBuffer(),
    });
    await page.getByRole('img', { name: 'Logo de Vélo Campus' }).waitFor();
    await field(page, 'Raison sociale').fill('Association Vélo Campus Troyes');
    await field(page, 'Adresse').fill('3 rue des Cyclistes');
    await field(page, 'Code postal').fill('10000');
    await field(page, 'Ville').fill('troyes');
    await field(page, 'Téléphone').pressSequentially('03.25.00.00.01');
    await field(page, 'Courriel de contact').fill('contact@velo-campus.fr');
    await page.getByRole('radio', { name: 'Madame' }).check();
    await field(page, 'Nom du représentant').fill('Martin');
    await field(page, 'Prénom du représentant').fill('Claire');
    await field(page, 'Fonction du représentant').fill('Présidente');
    await field(page, 'Téléphone du représentant').pressSequentially('+33 6 12 34 56 78');
    expect(await field(page, 'Téléphone du représentant').inputValue()).toBe('+33 6 12 34 56 78');
    await field(page, 'Courriel du représentant').fill('claire.martin@velo-campus.fr');
    await page.getByRole('button', { name: "Valider l'inscription" }).click();
    await page.getByRole('heading', { level: 1, name: 'Inscription enregistrée' }).waitFor();

    const [row] = await portal.database.db
      .select({ id: partenaires.id, telephone: partenaires.telephone, telephoneR: partenaires.telephoneR })
      .from(partenaires)
      .where(eq(partenaires.nom, 'Vélo Campus'));
    expect(row).toMatchObject({ telephone: '0325000001', telephoneR: '0612345678' });

    // Staff read both numbers grouped on the partner's page.
    const staff = await portal.page();
    await signIn(staff, 'gestion.telephones', `/admin/partenaire/${row.id}`);
    await field(staff, 'Nom du partenaire').waitFor();
    expect(await field(staff, 'Téléphone').inputValue()).toBe('03 25 00 00 01');
    expect(await field(staff, 'Téléphone du représentant').inputValue()).toBe('06 12 34 56 78');
    // This state passes axe in partenaires.test.ts (each state is checked once).
  });
});
