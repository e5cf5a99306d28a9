import { MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentRoles, roles, sessions } from '../server/src/db/schema.ts';
import { sessionCache } from '../server/src/platform/session-cache.ts';
import { axeViolations, expectFailure, login, type Portal, signIn, startPortal } from './harness.ts';

/**
 * Issue 13: each agent lands on the first screen its roles open, its drawer shows only those, a
 * screen outside its roles says « Accès refusé » without ending the session (only a 401 does), and
 * the admin area passes axe in every state. Each test makes its own agents and browser page.
 */
describe('les agents selon leurs rôles dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  // An empty portal for each test: it creates the agents it needs and can run alone.
  beforeEach(() => portal.reset());
  afterAll(() => portal?.close());

  const drawer = (page: Page) => page.getByRole('navigation', { name: "Menu d'administration" });
  /** The screens the drawer offers (the link to the public site is always there). */
  const entries = (page: Page) =>
    drawer(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.textContent?.trim()).filter((t) => t !== 'Site public'));
  const forbidden = (page: Page) => page.getByRole('heading', { level: 1, name: 'Accès refusé' });

  /** Every URL the page navigates to, to prove that no 403 went through /logout. */
  function visited(page: Page) {
    const urls: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) urls.push(new URL(f.url()).pathname);
    });
    return urls;
  }

  const loggedIn = (page: Page) =>
    page.evaluate(async () => {
      const res = await fetch('/api/user/get/current', { headers: { accept: 'application/json' } });
      return ((await res.json()) as { logged: boolean }).logged;
    });

  async function setRoles(agentId: number, codes: string[]) {
    const { db } = portal.database;
    await db.delete(agentRoles).where(eq(agentRoles.agentId, agentId));
    for (const code of codes) {
      const [role] = await db.select().from(roles).where(eq(roles.code, code));
      await db.insert(agentRoles).values({ agentId, roleId: role.id });
    }
    // As the roles screen does after its change (features/roles/roles.service.ts): the portal's
    // copy of the sessions (a few seconds, docs/security.md) is dropped.
    sessionCache.clear();
  }

  /**
   * WCAG 2.1 A/AA through the harness, plus axe's best practices (landmarks, a level-one heading):
   * the issue found a menu outside every landmark and a page without its heading.
   */
  const axeFindings = (page: Page) => axeViolations(page, { bestPractice: true });

  it('un gestionnaire des rôles arrive sur Roles ; son menu ne montre que Roles ; /admin et la connexion l’y ramènent', async () => {
    await portal.agent('roles.arrivee', ['ROLE_ADMIN_ROLE']);
    const page = await portal.page();
    const urls = visited(page);
    await login(page, 'roles.arrivee');
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('button', { name: 'Modifier le rôle Gestion des rôles' }).waitFor();
    expect(await entries(page)).toEqual(['Roles']);
    await page.screenshot({ path: '/tmp/agents-gestionnaire-roles.png' });

    await page.goto('/admin');
    await page.waitForURL(/\/admin\/roles$/);
    await page.goto('/admin/login');
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
    expect(urls.filter((u) => u === '/admin/inscriptions' || u === '/logout')).toEqual([]);
  });

  it('une adresse hors de ses rôles montre « Accès refusé » avec le retour à Roles, et la session reste ouverte', async () => {
    await portal.agent('roles.signet', ['ROLE_ADMIN_ROLE']);
    const page = await portal.page();
    const urls = visited(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/')) calls.push(new URL(r.url()).pathname);
    });
    await signIn(page, 'roles.signet', '/admin/roles');

    // A typed address (or an old bookmark): the roles are known, no call is even tried.
    await page.goto('/admin/etudiants');
    await forbidden(page).waitFor();
    expect(page.url()).toMatch(/\/admin\/etudiants$/);
    await page.getByText("Vos rôles ne vous permettent pas d'ouvrir cette page.", { exact: false }).waitFor();
    expect(await page.title()).toBe('Accès refusé — Guichet numérique étudiant');
    expect(calls.filter((c) => c.startsWith('/api/admin/etudiants'))).toEqual([]);
    await page.screenshot({ path: '/tmp/agents-acces-refuse.png' });

    await page.goto('/admin/inscription/1');
    await forbidden(page).waitFor();

    await page.getByRole('link', { name: 'Retour à Roles' }).click();
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
    expect(await loggedIn(page)).toBe(true);
    expect(urls).not.toContain('/logout');
  });

  it('un agent (ROLE_USER) arrive sur Inscriptions, sans « Roles » au menu ; /admin/roles lui montre « Accès refusé »', async () => {
    await portal.agent('agent.simple', ['ROLE_USER']);
    const page = await portal.page();
    await login(page, 'agent.simple');
    await page.waitForURL(/\/admin\/inscriptions$/);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    expect(await entries(page)).toEqual(['Tableau de bord', 'Inscriptions', 'Partenaires', 'Etudiants', 'Courriels']);
    await page.screenshot({ path: '/tmp/agents-agent.png' });

    await page.goto('/admin/roles');
    await forbidden(page).waitFor();
    expect(page.url()).toMatch(/\/admin\/roles$/);
    await page.getByRole('link', { name: 'Retour à Inscriptions' }).click();
    await page.waitForURL(/\/admin\/inscriptions$/);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    expect(await loggedIn(page)).toBe(true);
  });

  it('un rôle retiré pendant le travail : l’écran devient « Accès refusé », le menu suit, la session reste', async () => {
    const id = await portal.agent('agent.retire', ['ROLE_USER', 'ROLE_ADMIN_ROLE']);
    const page = await portal.page();
    const urls = visited(page);
    await signIn(page, 'agent.retire', '/admin/inscriptions');
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    await page.getByText(MESSAGES.aucunEnregistrement).waitFor();
    expect(await entries(page)).toEqual([
      'Tableau de bord',
      'Inscriptions',
      'Partenaires',
      'Etudiants',
      'Roles',
      'Courriels',
    ]);

    // An administrator withdraws « Agent » while the list is open; the next search asks the server.
    await setRoles(id, ['ROLE_ADMIN_ROLE']);
    expectFailure(page, /^GET .*\/api\/admin\/inscriptions\/get\/list\/by\/filters/, 403);
    await page.getByLabel('Rechercher').fill('dupont');
    await forbidden(page).waitFor();
    expect(page.url()).toMatch(/\/admin\/inscriptions\?recherche=dupont$/);
    // The title takes the focus: a screen reader says where the agent now is.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Accès refusé');
    await expect.poll(() => entries(page)).toEqual(['Roles']);
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('link', { name: 'Retour à Roles' }).click();
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
    expect(await loggedIn(page)).toBe(true);
    expect(urls).not.toContain('/logout');
  });

  it('un agent sans aucun rôle voit une page qui lui dit qui solliciter, puis son écran quand un rôle arrive', async () => {
    const id = await portal.agent('agent.nouveau', []);
    const page = await portal.page();
    const urls = visited(page);
    await login(page, 'agent.nouveau');
    await page.getByRole('heading', { level: 1, name: 'Aucun accès pour le moment' }).waitFor();
    expect(page.url()).toMatch(/\/admin$/);
    await page.getByText('identifiant « agent.nouveau »', { exact: false }).waitFor();
    await page.getByText('Demandez à un administrateur du guichet', { exact: false }).waitFor();
    expect(await entries(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/agents-sans-role.png' });

    // Asking again before anything changed says so, and nothing loops.
    await page.getByRole('button', { name: 'Vérifier à nouveau mes accès' }).click();
    await page.getByRole('status').filter({ hasText: 'Aucun rôle ne vous est encore attribué.' }).waitFor();
    await page.goto('/admin/roles');
    await forbidden(page).waitFor();
    await page.getByRole('link', { name: "Retour à l'accueil de l'espace agents" }).click();
    await page.getByRole('heading', { level: 1, name: 'Aucun accès pour le moment' }).waitFor();

    // A role is given: the same button takes the agent to its screen.
    await setRoles(id, ['ROLE_USER']);
    await page.getByRole('button', { name: 'Vérifier à nouveau mes accès' }).click();
    // /admin leads it to Inscriptions, the first screen its role opens.
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/inscriptions$/);
    await expect
      .poll(() => entries(page))
      .toEqual(['Tableau de bord', 'Inscriptions', 'Partenaires', 'Etudiants', 'Courriels']);
    expect(urls).not.toContain('/logout');
  });

  it('une session expirée mène toujours à la connexion avec « Accès non authorisé. »', async () => {
    const id = await portal.agent('roles.expire', ['ROLE_ADMIN_ROLE']);
    const page = await portal.page();
    await login(page, 'roles.expire');
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();

    // Its session row is gone (expired, or closed by `npm run user -- passwd`): the next call answers 401.
    await portal.database.db.delete(sessions).where(eq(sessions.agentId, id));
    // Removed behind the portal's back, like another process would: seen once its copy (≤ 5 s) expires.
    sessionCache.clear();
    expectFailure(page, /^GET .*\/api\/admin\/role\/get\/list\/by\/filters/, 401);
    await page.getByLabel('Libellé').fill('agent');
    await page.waitForURL(/\/admin\/login\?refus=1$/);
    await page.getByRole('alert').filter({ hasText: MESSAGES.accesNonAutorise }).waitFor();
    expect(await loggedIn(page)).toBe(false);
  });

  it.each([
    ['un gestionnaire des rôles', 'roles.axe', ['ROLE_ADMIN_ROLE']],
    ['un administrateur', 'direction.axe', ['ROLE_ADMIN']],
  ])(
    'axe ne trouve rien pour %s : menu du compte, Roles, dialogues, « Ajouter » en erreur, « Accès refusé »',
    async (_who, username, codes) => {
      await portal.agent(username, codes);
      const page = await portal.page();
      // What the roles change (the menu, the Administrateur row, the refusals) is checked for both;
      // what looks the same whoever is logged in (loading, the account menu, the Agent dialog and
      // « Ajouter ») is checked once, for the role manager. Both walk every step.
      const sameForBoth = async (state: string) => {
        if (!codes.includes('ROLE_ADMIN')) expect(await axeFindings(page), state).toEqual([]);
      };

      // Loading: the shell waits for the agent; the page already has its main and its heading.
      let answer!: () => void;
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/api/user/get/current', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/admin/roles');
      await page.getByRole('heading', { level: 1, name: "Chargement de l'espace agents…" }).waitFor();
      await sameForBoth('chargement');
      answer();
      // Anonymous once answered: the shell sends the visitor to the login page.
      await page.waitForURL(/\/admin\/login$/);
      await page.unroute('**/api/user/get/current');

      await signIn(page, username, '/admin/roles');
      await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
      expect(await axeFindings(page), 'Roles').toEqual([]);

      await page.getByRole('button', { name: 'Dominique Agent' }).click();
      await page.getByRole('menuitem', { name: 'Déconnexion' }).waitFor();
      await sameForBoth('menu du compte');
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: 'Déconnexion' }).waitFor({ state: 'detached' });

      await page.goto('/admin/roles?f.libelle=aucun-role');
      await page.getByText(MESSAGES.aucunEnregistrement).waitFor();
      await sameForBoth('Roles vide');
      await page.goto('/admin/roles');

      await page.getByRole('button', { name: 'Modifier le rôle Agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agent' });
      await dialog.getByRole('list', { name: 'Agents du rôle Agent' }).waitFor();
      await sameForBoth('dialogue du rôle');

      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      const ajouter = page.getByRole('dialog', { name: 'Ajouter' });
      await ajouter.getByRole('combobox', { name: 'Agent' }).waitFor();
      await sameForBoth('« Ajouter »');
      await ajouter.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await ajouter.getByText(MESSAGES.agentObligatoire).waitFor();
      expect(await ajouter.getByRole('combobox', { name: 'Agent' }).getAttribute('aria-invalid')).toBe('true');
      await sameForBoth('« Ajouter » en erreur');
      await ajouter.getByRole('combobox', { name: 'Agent' }).fill('personne-de-ce-nom');
      await page.getByText('Aucun agent trouvé').waitFor();
      await sameForBoth('« Ajouter » sans résultat');
      await ajouter.getByRole('button', { name: 'Annuler' }).click();
      await ajouter.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await dialog.waitFor({ state: 'detached' });

      if (codes.includes('ROLE_ADMIN')) {
        // The server's refusal shown in the dialog: the last administrator cannot be removed.
        await page.getByRole('button', { name: 'Modifier le rôle Administrateur' }).click();
        const admins = page.getByRole('dialog', { name: 'Administrateur' });
        await admins.getByRole('button', { name: 'Retirer Dominique Agent' }).click();
        expectFailure(page, /^PUT .*\/api\/admin\/role\/update\/\d+$/, 400);
        await admins.getByRole('button', { name: 'Enregistrer' }).click();
        await admins.getByRole('alert').filter({ hasText: 'doit garder au moins un agent actif' }).waitFor();
        expect(await axeFindings(page), 'dialogue du rôle en erreur').toEqual([]);
        await admins.getByRole('button', { name: 'Annuler' }).click();
        await admins.waitFor({ state: 'detached' });

        // Every screen is open to an administrator: its 403 page comes from a server refusal.
        await page.route('**/api/admin/role/get/list/by/filters**', (route) =>
          route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'error', message: MESSAGES.accesNonAutorise, errors: [] }),
          }),
        );
        expectFailure(page, /^GET .*\/api\/admin\/role\/get\/list\/by\/filters/, 403);
        await page.getByLabel('Libellé').fill('gestion');
        await forbidden(page).waitFor();
        await page.getByRole('link', { name: 'Retour à Inscriptions' }).waitFor();
      } else {
        await page.goto('/admin/partenaires');
        await forbidden(page).waitFor();
        await page.getByRole('link', { name: 'Retour à Roles' }).waitFor();
      }
      expect(await axeFindings(page), '« Accès refusé »').toEqual([]);

      // On a phone or at 200 % zoom the menu opens over the page.
      await page.unroute('**/api/admin/role/get/list/by/filters**');
      await page.setViewportSize({ width: 600, height: 900 });
      await page.goto('/admin/roles');
      await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
      await page.getByRole('button', { name: 'Déplier le menu' }).click();
      await drawer(page).getByRole('link', { name: 'Roles' }).waitFor();
      expect(await axeFindings(page), 'menu ouvert sur petit écran').toEqual([]);
    },
  );
});
