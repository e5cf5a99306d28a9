import { MESSAGES } from '@guichet/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inscriptions } from '../server/src/db/schema.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { axeViolations, type Portal, signIn, startPortal } from './harness.ts';

describe('journal des actions dans Chromium', () => {
  let portal: Portal;
  let offre: number;
  beforeAll(async () => {
    portal = await startPortal();
  });
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('chef.guichet', ['ROLE_ADMIN']);
    await portal.agent('agent.guichet', ['ROLE_USER']);
    const [row] = await portal.database.db
      .insert(inscriptions)
      .values(storedOffer(1, 'FRANÇOIS'))
      .returning({ id: inscriptions.id });
    offre = row.id;
  });
  afterAll(() => portal?.close());

  it('l’administrateur valide une offre, la retrouve dans « Journal », puis dans l’Historique de l’offre', async () => {
    const page = await portal.page();
    await signIn(page, 'chef.guichet', '/admin/inscriptions');
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    await menu.getByRole('link', { name: 'Journal' }).waitFor();
    await page.goto(`/admin/inscription/${offre}`);
    await page.getByRole('heading', { level: 1, name: 'Logement de Hélène FRANÇOIS' }).waitFor();
    await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Validé' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();

    // The office head opens the Journal from the menu: the line says who, what, before and after.
    await menu.getByRole('link', { name: 'Journal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    const ligne = page.getByRole('row').filter({ hasText: `Offre n° ${offre} : En attente → Validé` });
    await ligne.waitFor();
    expect(await ligne.textContent()).toContain('Dominique Agent (chef.guichet)');
    expect(await ligne.textContent()).toContain('Statut d’une offre');
    expect(await axeViolations(page)).toEqual([]);
    await ligne.getByRole('button', { name: 'Avant / après' }).click();
    const dialog = page.getByRole('dialog', { name: 'Statut d’une offre' });
    const statut = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Statut' }) });
    expect(await statut.getByRole('cell').allTextContents()).toEqual(['En attente', 'Validé']);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    // From the line to the offer: its page shows the same action in its history.
    await ligne.getByRole('link', { name: `Offre de logement n° ${offre}` }).click();
    const historique = page.getByRole('region', { name: 'Historique des actions du guichet' });
    await historique.getByText(`Offre n° ${offre} : En attente → Validé`).waitFor();
    expect(await historique.textContent()).toContain('Statut d’une offre, par Dominique Agent (chef.guichet)');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('un agent ne voit pas « Journal » ; l’adresse lui montre la page d’accès refusé', async () => {
    const page = await portal.page();
    await signIn(page, 'agent.guichet', '/admin/inscriptions');
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    await menu.getByRole('link', { name: 'Inscriptions' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Journal' }).count()).toBe(0);
    await page.goto('/admin/journal');
    await page.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
    expect(await page.getByRole('grid', { name: 'Journal' }).count()).toBe(0);
  });
});
