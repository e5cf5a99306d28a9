import { PASSWORD_MESSAGES, ROLE_MESSAGES } from '@guichet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBootstrapAdmin } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { agentsRepository } from '../server/src/features/auth/agents.repository.ts';
import { axeViolations, expectFailure, login, PASSWORD, type Portal, signIn, startPortal } from './harness.ts';

/** Issue 14: who may change which role, and the first administrator's generated password. */
describe('règles des rôles et premier mot de passe dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  beforeEach(() => portal.reset());
  afterAll(() => portal?.close());

  const person = (username: string, prenom: string, nom: string, roles: string[]) =>
    agentsRepository.create(portal.database.db, { username, password: PASSWORD, prenom, nom, roles });
  const drawerLinks = (page: Page) =>
    page
      .getByRole('navigation', { name: "Menu d'administration" })
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.textContent?.trim()));

  it('un gestionnaire des rôles voit le rôle Administrateur sans pouvoir le modifier, et ne se voit pas proposé', async () => {
    await person('direction', 'Diane', 'Direction', ['ROLE_ADMIN']);
    await person('g.gestion', 'Gaëlle', 'Gestion', ['ROLE_ADMIN_ROLE']);
    await person('e.durand', 'Élise', 'Durand', []);
    const page = await portal.page();
    await signIn(page, 'g.gestion', '/admin/roles');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();

    // The rule is written on the page, and the Administrateur row offers to look, not to edit.
    await page.getByRole('note').filter({ hasText: 'Seul un administrateur peut modifier' }).waitFor();
    const buttons = page.getByRole('row').getByRole('button', { name: /rôle/ });
    await expect
      .poll(() => buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual([
        'Voir les agents du rôle Administrateur (modification réservée aux administrateurs)',
        'Modifier le rôle Agent',
        'Modifier le rôle Gestion des rôles',
      ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/roles-regle-gestionnaire.png', fullPage: true });

    await page.getByRole('button', { name: /^Voir les agents du rôle Administrateur/ }).click();
    const admins = page.getByRole('dialog', { name: 'Administrateur' });
    await admins.getByRole('list', { name: 'Agents du rôle Administrateur' }).getByText('Diane Direction').waitFor();
    await admins
      .getByRole('note')
      .filter({ hasText: ROLE_MESSAGES.reserveAdministrateur('Administrateur') })
      .waitFor();
    // Nothing that the server would refuse: no remove, no add, no save.
    expect(await admins.getByRole('button').evaluateAll((els) => els.map((e) => e.textContent?.trim()))).toEqual([
      'Fermer',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/roles-regle-administrateur-lecture.png' });
    await admins.getByRole('button', { name: 'Fermer' }).click();
    await admins.waitFor({ state: 'detached' });

    // Agent: others may be added, never itself (the search does not offer it, and says why).
    await page.getByRole('button', { name: 'Modifier le rôle Agent' }).click();
    const agent = page.getByRole('dialog', { name: 'Agent' });
    await agent.getByText("Aucun agent n'a ce rôle.").waitFor();
    await agent.getByRole('button', { name: 'Ajouter' }).click();
    const ajouter = page.getByRole('dialog', { name: 'Ajouter' });
    await ajouter.getByText('Vous ne pouvez pas vous ajouter vous-même à un rôle').waitFor();
    await ajouter.getByRole('combobox', { name: 'Agent' }).fill('gaelle');
    await page.getByText('Aucun agent trouvé').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await ajouter.getByRole('combobox', { name: 'Agent' }).fill('durand');
    await page.getByRole('option', { name: 'Élise Durand' }).click();
    await ajouter.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await agent.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'Les agents du rôle « Agent » ont été enregistrés.' }).waitFor();

    // Its own role: it may leave it, so its own remove button is there.
    await page.getByRole('button', { name: 'Modifier le rôle Gestion des rôles' }).click();
    const gestion = page.getByRole('dialog', { name: 'Gestion des rôles' });
    await gestion.getByRole('button', { name: 'Retirer Gaëlle Gestion' }).waitFor();
    await gestion.getByRole('button', { name: 'Annuler' }).click();

    // An administrator keeps the edit button of every role.
    const direction = await portal.page();
    await signIn(direction, 'direction', '/admin/roles');
    await direction.getByRole('button', { name: 'Modifier le rôle Administrateur' }).waitFor();
    expect(await direction.getByRole('note').count()).toBe(0);
  });

  it('premier administrateur : mot de passe généré → Mon compte imposé → nouveau mot de passe → son écran', async () => {
    const lines: string[] = [];
    await ensureBootstrapAdmin(portal.database.db, loadConfig({}), (line) => lines.push(line));
    const generated = /: (\S+)$/.exec(lines.find((l) => l.includes('Mot de passe généré')) ?? '')?.[1] ?? '';
    expect(generated).not.toBe('');

    const page = await portal.page();
    await login(page, 'admin', generated);
    await page.waitForURL(/\/admin\/compte$/);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await page.getByText('choisissez-en un nouveau pour continuer').waitFor();
    // No screen is offered meanwhile, and a typed address comes back here.
    expect(await drawerLinks(page)).toEqual(['Site public']);
    await page.goto('/admin/inscriptions');
    await page.waitForURL(/\/admin\/compte$/);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/mon-compte-impose.png', fullPage: true });

    const actuel = page.getByRole('textbox', { name: 'Mot de passe actuel', exact: true });
    const nouveau = page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true });
    const confirmation = page.getByRole('textbox', { name: 'Confirmez le nouveau mot de passe', exact: true });
    // Too short: refused on the page before any call, focus on the field.
    await actuel.fill(generated);
    await nouveau.fill('trop-court');
    await confirmation.fill('trop-court');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await page.getByText(PASSWORD_MESSAGES.tropCourt).waitFor();
    expect(await nouveau.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A wrong current password: the server's answer under its field.
    await actuel.fill('pas-le-mot-de-passe');
    await nouveau.fill('ma phrase de passe');
    await confirmation.fill('ma phrase de passe');
    expectFailure(page, 'POST /api/admin/compte/mot-de-passe', 400);
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await page.getByText(PASSWORD_MESSAGES.actuelIncorrect).waitFor();

    await actuel.fill(generated);
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    // Its landing screen (all three roles: Inscriptions), the whole drawer back.
    await page.waitForURL(/\/admin\/inscriptions$/);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    expect(await drawerLinks(page)).toEqual([
      'Tableau de bord',
      'Inscriptions',
      'Partenaires',
      'Etudiants',
      'Roles',
      'Courriels',
      'Journal',
      'Site public',
    ]);

    // Mon compte stays open from the account menu, for a change by choice: the agent stays there.
    await page.getByRole('button', { name: 'Administrateur Guichet' }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await page.waitForURL(/\/admin\/compte$/);
    expect(await page.getByText('choisissez-en un nouveau pour continuer').count()).toBe(0);
    await actuel.fill('ma phrase de passe');
    await nouveau.fill('une autre phrase');
    await confirmation.fill('une autre phrase');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await page.getByRole('status').filter({ hasText: PASSWORD_MESSAGES.change }).waitFor();
    expect(page.url()).toMatch(/\/admin\/compte$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/mon-compte.png', fullPage: true });

    // The new password is the one that opens the portal now.
    const again = await portal.page();
    await login(again, 'admin', 'une autre phrase');
    await again.waitForURL(/\/admin\/inscriptions$/);
  });
});
