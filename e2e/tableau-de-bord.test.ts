import { MESSAGES, STATUT } from '@guichet/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { etudiants } from '../server/src/db/schema.ts';
import { seedInscriptions } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { axeViolations, type Portal, signIn, startPortal } from './harness.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('tableau de bord dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  beforeEach(async () => {
    await portal.reset();
    // Waiting before the agent's account existed: on the dashboard, not new in the bell.
    await seedInscriptions(portal.database.db, [
      { proprietaire: { nom: 'bernard', prenom: 'luc', email: 'luc.bernard@example.fr' }, date: daysAgo(10) },
      { proprietaire: { nom: 'martin', prenom: 'eve', email: 'eve.martin@example.fr' }, date: daysAgo(2) },
      {
        proprietaire: { nom: 'petit', prenom: 'jo', email: 'jo.petit@example.fr' },
        date: daysAgo(30),
        statut: STATUT.valide,
      },
    ]);
    await portal.database.db
      .insert(etudiants)
      .values({ email: 'ancienne@example.fr', cp: '10000', ville: 'TROYES', ecole: 'UTT', date: daysAgo(9) });
    await portal.agent('agent.tableau', ['ROLE_USER']);
  });
  afterAll(() => portal?.close());

  it('un agent ouvre le tableau de bord, suit « en attente » jusqu’à la liste filtrée, valide l’offre : le compte baisse', async () => {
    const page = await portal.page();
    await signIn(page, 'agent.tableau', '/admin/inscriptions');
    await page
      .getByRole('navigation', { name: "Menu d'administration" })
      .getByRole('link', { name: 'Tableau de bord' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/tableau-de-bord$/);
    const offres = page.getByRole('listitem', { name: 'Offres de logement' });
    await offres.getByRole('link', { name: '2 offres en attente' }).waitFor();
    await offres.getByText('La plus ancienne attend depuis 10 jours.').waitFor();
    const etudiantsCard = page.getByRole('listitem', { name: 'Demandes étudiantes' });
    await etudiantsCard.getByRole('link', { name: 'En attente depuis plus de 7 jours : 1' }).waitFor();
    // Every chart is titled, its figures one click away.
    const chart = page.getByRole('region', { name: 'Offres de logement reçues' });
    await chart.getByRole('button', { name: 'Voir les données' }).click();
    await chart.getByRole('table', { name: 'Offres de logement reçues, par semaine' }).waitFor();
    expect(await chart.getByRole('row').count()).toBe(54);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/tableau-de-bord.png', fullPage: true });

    await offres.getByRole('link', { name: 'En attente depuis plus de 7 jours : 1' }).click();
    await page.waitForURL(/\/admin\/inscriptions\?f\.attente=7$/);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'BERNARD' });
    await row.waitFor();
    expect(await row.locator('[data-field="statut"]').textContent()).toBe('En attente depuis 10 jours');
    // Only the offer waiting for more than 7 days; the filter says which.
    expect(await page.getByRole('row').filter({ hasText: 'MARTIN' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Attente' }).textContent()).toBe(
      'En attente depuis plus de 7 jours',
    );
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Logement de Luc BERNARD' }).waitFor();
    await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Validé' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();

    await page
      .getByRole('navigation', { name: "Menu d'administration" })
      .getByRole('link', { name: 'Tableau de bord' })
      .click();
    await offres.getByRole('link', { name: '1 offre en attente' }).waitFor();
    await offres.getByText('Aucune depuis plus de 7 jours.').waitFor();
    await offres.getByText('La plus ancienne attend depuis 2 jours.').waitFor();
  });

  it('un administrateur, du tableau de bord à la décision : la ligne d’historique de l’offre et son courriel dans « Courriels »', async () => {
    await portal.agent('direction.tableau', ['ROLE_ADMIN']);
    const page = await portal.page();
    await signIn(page, 'direction.tableau', '/admin/inscriptions');
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    await menu.getByRole('link', { name: 'Tableau de bord' }).click();
    const offres = page.getByRole('listitem', { name: 'Offres de logement' });
    await offres.getByRole('link', { name: 'En attente depuis plus de 7 jours : 1' }).click();
    await page.waitForURL(/\/admin\/inscriptions\?f\.attente=7$/);
    await page.getByRole('row').filter({ hasText: 'BERNARD' }).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Logement de Luc BERNARD' }).waitFor();
    const id = page.url().split('/').pop();
    await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Validé' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();
    // The page's own history says who did it, once reloaded with the offer.
    const historique = page.getByRole('region', { name: 'Historique des actions du guichet' });
    await historique.getByText(`Offre n° ${id} : En attente → Validé`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The landlord's decision mail waits in the outbox (no mail server in this test): listed.
    await menu.getByRole('link', { name: 'Courriels' }).click();
    await page.getByRole('heading', { level: 1, name: 'Courriels' }).waitFor();
    const courriel = page.getByRole('row').filter({ hasText: 'luc.bernard@example.fr' });
    await courriel.getByText('Décision (propriétaire)').waitFor();
    await courriel.getByText(/^Votre offre de logement a été validée/).waitFor();
    await courriel.getByText('En attente').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('la cloche compte ce qui est arrivé depuis la dernière visite, et repart de zéro une fois ouverte', async () => {
    // A request made after the agent's account was opened: new for it.
    await portal.database.db
      .insert(etudiants)
      .values({ email: 'nouvelle@example.fr', cp: '10000', ville: 'TROYES', ecole: 'IUT' });
    const page = await portal.page();
    await signIn(page, 'agent.tableau', '/admin/inscriptions');
    const bell = page.getByRole('banner').getByRole('button', { name: '1 nouvelle demande' });
    await bell.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: '1 demande étudiante' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await menu.getByRole('menuitem', { name: '1 demande étudiante' }).click();
    await page.waitForURL(/\/admin\/etudiants\?f\.statut=1$/);
    // Opening the menu marked them seen.
    await page.getByRole('banner').getByRole('button', { name: 'Aucune nouvelle demande' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'nouvelle@example.fr' }).waitFor();
    // The older request waits for more than AGEING_DAYS: flagged in its list.
    const old = page.getByRole('row').filter({ hasText: 'ancienne@example.fr' });
    expect(await old.locator('[data-field="statut"]').textContent()).toBe('En attente depuis 9 jours');
    // Seen: a reload still counts nothing new.
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Aucune nouvelle demande' }).waitFor();
  });
});
