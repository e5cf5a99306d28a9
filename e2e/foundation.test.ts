import { MESSAGES } from '@guichet/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations, expectFailure, login, type Portal, signIn, startPortal } from './harness.ts';

describe('le socle du portail dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  // Each test starts from an empty portal with these two agents: it can run alone.
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('direction', ['ROLE_ADMIN']);
    await portal.agent('agent.accueil', ['ROLE_USER']);
  });
  afterAll(() => portal?.close());

  it("affiche l'accueil avec le nom du site, les quatre entrées et le contact", async () => {
    const page = await portal.page();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Guichet numérique étudiant');
    for (const name of [
      'Proposer un logement',
      'Demander la liste des logements',
      'Devenir partenaire',
      'Annuaire des partenaires',
    ]) {
      expect(await page.getByRole('link', { name: new RegExp(name) }).count()).toBe(1);
    }
    expect(await page.getByText('Nous contacter').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('un lien du pied de page ouvre la page suivante en haut ; une adresse inconnue dit « Page introuvable »', async () => {
    const page = await portal.page();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Informations légales' })
      .getByRole('link', { name: 'Mentions légales' })
      .click();
    await page.waitForURL(/\/mentions-legales$/);
    await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto('/cette-page-n-existe-pas');
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    // This state passes axe in accessibilite.test.ts (each state is checked once).
  });

  it('refuse un mauvais mot de passe puis connecte un administrateur qui voit tout le menu', async () => {
    const page = await portal.page();
    expectFailure(page, 'POST /api/login', 400);
    await login(page, 'direction', 'mauvais');
    await page.getByText(MESSAGES.identifiantsIncorrects).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
    await page.getByLabel('Mot de passe').fill('mot-de-passe-e2e');
    await page.getByRole('main').getByRole('button', { name: 'Connexion' }).click();
    await page.waitForURL(/\/admin\/inscriptions$/);
    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    await nav.getByRole('link', { name: 'Inscriptions', exact: true }).waitFor();
    for (const entry of ['Inscriptions', 'Partenaires', 'Etudiants', 'Roles']) {
      expect(await nav.getByRole('link', { name: entry, exact: true }).count()).toBe(1);
    }
    // Logged in: /admin/login sends back to the admin area.
    await page.goto('/admin/login');
    await page.waitForURL(/\/admin\/inscriptions$/);
  });

  it("n'affiche pas « Roles » à un agent qui n'a que ROLE_USER, et le déconnecte", async () => {
    const page = await portal.page();
    await signIn(page, 'agent.accueil', '/admin/inscriptions');
    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    await nav.getByRole('link', { name: 'Etudiants' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Roles' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Dominique Agent' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('main').getByRole('button', { name: 'Connexion' }).waitFor();
    await page.goto('/admin/partenaires');
    await page.waitForURL(/\/admin\/login$/);
  });

  it('renvoie vers la connexion avec « Accès non authorisé. » quand la session a expiré', async () => {
    const page = await portal.page();
    await login(page, 'direction');
    await page.waitForURL(/\/admin\/inscriptions$/);
    // The landing page's own calls (list, bell, agent) answered first: one still in flight when the
    // session goes would get its 401 and leave for the login page while reload() starts (ERR_ABORTED).
    await page.waitForLoadState('networkidle');
    const { sessions } = await import('../server/src/db/schema.ts');
    await portal.database.db.delete(sessions);
    // Removed behind the portal's back, like another process would: seen once its copy (≤ 5 s) expires.
    const { sessionCache } = await import('../server/src/platform/session-cache.ts');
    sessionCache.clear();
    // Whichever call comes first after the reload (the current agent, a list) answers 401.
    expectFailure(page, /^GET \S+\/api\//, 401);
    // The next call to an admin route answers 401: the browser goes through /logout to the login page.
    await page.reload();
    await page.getByText(MESSAGES.accesNonAutorise).waitFor();
    expect(page.url()).toMatch(/\/admin\/login\?refus=1$/);
  });
});
