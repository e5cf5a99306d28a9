import { BANNER_MS, MESSAGES } from '@guichet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentsRepository } from '../server/src/features/auth/agents.repository.ts';
import { holdClock, skipBanner } from './banner-clock.ts';
import { expectFailure, PASSWORD, type Portal, signIn, startPortal } from './harness.ts';

describe('les rôles des agents dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  // Each test starts from these two agents only: the role dialogs list exactly them.
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('direction', ['ROLE_ADMIN']);
    // A new colleague with no role yet, and an accent in her name (the search ignores accents).
    await agentsRepository.create(portal.database.db, {
      username: 'e.durand',
      password: PASSWORD,
      prenom: 'Élise',
      nom: 'Durand',
      roles: [],
    });
  });
  afterAll(() => portal?.close());

  const menu = (page: Page) => page.getByRole('navigation', { name: "Menu d'administration" });

  /** Opens the edit dialog of a role from the roles table. */
  async function openRole(page: Page, libelle: string) {
    await page.getByRole('button', { name: `Modifier le rôle ${libelle}` }).click();
    const dialog = page.getByRole('dialog', { name: libelle });
    await dialog.waitFor();
    return dialog;
  }

  async function save(page: Page) {
    await page.getByRole('dialog', { name: 'Agent' }).getByRole('button', { name: 'Enregistrer' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Les agents du rôle « Agent » ont été enregistrés.' });
    await banner.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    return banner;
  }

  it('donne ROLE_USER à une agente par les dialogues, puis le lui retire : son clic suivant lui montre « Accès refusé », sans la déconnecter', async () => {
    const admin = await portal.page();
    await signIn(admin, 'direction', '/admin/inscriptions');
    await menu(admin).getByRole('link', { name: 'Roles' }).click();
    await admin.waitForURL(/\/admin\/roles$/);
    await admin.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();

    // The table: one edit button per role, sorted by label.
    const edit = admin.getByRole('button', { name: /^Modifier le rôle / });
    await expect
      .poll(() => edit.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['Modifier le rôle Administrateur', 'Modifier le rôle Agent', 'Modifier le rôle Gestion des rôles']);
    // This state passes axe in agents.test.ts (each state is checked once).

    // The libelle filter narrows the table on the server.
    await admin.getByLabel('Libellé').fill('gestion');
    await expect.poll(() => edit.count()).toBe(1);
    await admin.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect.poll(() => edit.count()).toBe(3);

    const dialog = await openRole(admin, 'Agent');
    await dialog.getByText("Aucun agent n'a ce rôle.").waitFor();
    // This state passes axe in agents.test.ts (each state is checked once).

    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    const ajouter = admin.getByRole('dialog', { name: 'Ajouter' });
    await ajouter.waitFor();
    // Ajouter with nobody chosen: the message of the spec, under the field.
    await ajouter.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await ajouter.getByText(MESSAGES.agentObligatoire).waitFor();
    const field = ajouter.getByRole('combobox', { name: 'Agent' });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // This state passes axe in agents.test.ts (each state is checked once).

    await field.fill('personne-de-ce-nom');
    await admin.getByText('Aucun agent trouvé').waitFor();
    // This state passes axe in agents.test.ts (each state is checked once).
    // Typing is debounced: the server is asked when the person pauses, not at every key. The page's
    // time is moved by hand, 100 ms between keys, so no pause of a slow machine falls between them.
    const searches: string[] = [];
    admin.on('request', (r) => {
      if (r.url().includes('/api/admin/user/get/by/name'))
        searches.push(new URL(r.url()).searchParams.get('name') ?? '');
    });
    await admin.clock.install();
    await holdClock(admin);
    await field.fill('');
    for (const key of 'elise du') {
      await field.press(key === ' ' ? 'Space' : key);
      await admin.clock.runFor(100);
    }
    // The dialog's pause before it asks (DEBOUNCE_MS in web/src/features/roles/add-agent-dialog.tsx).
    await admin.clock.runFor(300);
    // Time runs again so the answer reaches the list (the query library delivers it on a timer).
    await admin.clock.resume();
    const option = admin.getByRole('option', { name: 'Élise Durand' });
    await option.waitFor();
    expect(searches).toEqual(['elise du']);
    await option.click();
    await ajouter.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await ajouter.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Retirer Élise Durand' }).waitFor();

    const banner = await save(admin);
    // The success banner goes away by itself after 3 seconds.
    await skipBanner(admin, banner, BANNER_MS.succes);

    // The agent logs in from her own browser: the management entries, not Roles.
    const agent = await portal.page();
    // Her first screen has read its list before her role is taken back (the screen's code arrives after the URL).
    const listed = agent.waitForResponse((r) => r.url().includes('/api/admin/inscriptions/get/list/'));
    await signIn(agent, 'e.durand', '/admin/inscriptions');
    expect((await listed).status()).toBe(200);
    await menu(agent).getByRole('link', { name: 'Etudiants' }).waitFor();
    for (const entry of ['Inscriptions', 'Partenaires', 'Etudiants']) {
      expect(await menu(agent).getByRole('link', { name: entry, exact: true }).count()).toBe(1);
    }
    expect(await menu(agent).getByRole('link', { name: 'Roles' }).count()).toBe(0);

    // The administrator takes the role back.
    const again = await openRole(admin, 'Agent');
    await again.getByRole('button', { name: 'Retirer Élise Durand' }).click();
    await again.getByText("Aucun agent n'a ce rôle.").waitFor();
    await save(admin);

    // Her menu still shows the entries, but the next page she opens asks the server, which refuses:
    // the 403 page, and she stays logged in (her drawer then follows her roles).
    expectFailure(agent, /^GET \S+\/api\/admin\/etudiants\/get\/list\//, 403);
    await menu(agent).getByRole('link', { name: 'Etudiants' }).click();
    await agent.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
    expect(agent.url()).toMatch(/\/admin\/etudiants$/);
    await expect.poll(() => menu(agent).getByRole('link', { name: 'Etudiants' }).count()).toBe(0);
  });

  it('montre l’erreur du serveur dans le dialogue quand le dernier administrateur serait retiré', async () => {
    const admin = await portal.page();
    await signIn(admin, 'direction', '/admin/roles');
    // With the keyboard: from the label cell, the arrow reaches the edit button, Enter opens the dialog.
    await admin.getByRole('gridcell', { name: 'Administrateur', exact: true }).click();
    await admin.keyboard.press('ArrowRight');
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Modifier le rôle Administrateur');
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: 'Administrateur' });
    await dialog.getByRole('button', { name: 'Retirer Dominique Agent' }).click();
    expectFailure(admin, 'PUT /api/admin/role/update/1', 400);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Le rôle « Administrateur » doit garder au moins un agent actif' })
      .waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Nothing changed: the administrator is still there.
    const reopened = await openRole(admin, 'Administrateur');
    await reopened.getByRole('button', { name: 'Retirer Dominique Agent' }).waitFor();
  });
});
