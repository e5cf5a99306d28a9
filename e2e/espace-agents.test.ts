import { MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inscriptions, partenaires, sessions } from '../server/src/db/schema.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { register } from '../server/src/features/partenaires/partenaires.fixtures.ts';
import { sessionCache } from '../server/src/platform/session-cache.ts';
import { axeViolations, expectFailure, PASSWORD, type Portal, signIn, startPortal } from './harness.ts';

/** A name long enough to need the whole Nom column, shared address: « Doublon possible » beside it. */
const LONG = 'DE LA FONTAINE-SAINT-AUBIN';
const PARTENAIRE = 'Association sportive des étudiants troyens';

/**
 * The staff area's shell and lists as an agent sees them on an office screen (1280 × 800): the
 * specification's columns in view, names whole, one h1 and one main whatever is loading, and a
 * session that ends mid-form.
 */
describe('espace agents dans Chromium', () => {
  let portal: Portal;
  let offre: number;
  let partenaire: number;
  beforeAll(async () => {
    portal = await startPortal();
    await portal.agent('chef.espace', ['ROLE_ADMIN']);
    await portal.agent('agent.espace', ['ROLE_USER']);
    const rows = await portal.database.db
      .insert(inscriptions)
      .values([
        storedOffer(STATUT.enAttente, LONG, { email: 'meme.adresse@example.fr' }),
        storedOffer(STATUT.valide, 'MARTIN', { email: 'meme.adresse@example.fr' }),
      ])
      .returning({ id: inscriptions.id });
    offre = rows[0].id;
    partenaire = await register(portal.app, { nom: PARTENAIRE, mail: 'contact@asso-troyes.fr' });
    await register(portal.app, { nom: 'Autre association', mail: 'contact@asso-troyes.fr' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const office = { viewport: { width: 1280, height: 800 } };
  async function signedIn(username = 'chef.espace') {
    const page = await portal.page(office);
    await signIn(page, username, '/admin/inscriptions');
    return page;
  }
  /** Where a column's header lies: inside the window, or not. */
  const headerInView = (page: Page, field: string) =>
    page.locator(`[role="columnheader"][data-field="${field}"]`).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
    });
  /** Each Nom cell: its text is not cut (nor squeezed to nothing) beside its badge. */
  const namesWhole = (page: Page) =>
    page.locator('[role="gridcell"][data-field="nom"]').evaluateAll((cells) =>
      cells.map((cell) => {
        const text = cell.querySelector('span > span') ?? cell;
        const chip = cell.querySelector('.MuiChip-root');
        return {
          nom: text.textContent,
          cut:
            cell.scrollWidth > cell.clientWidth ||
            text.scrollWidth > text.clientWidth + 1 ||
            (!!chip && chip.getBoundingClientRect().right > cell.getBoundingClientRect().right),
          width: Math.round(text.getBoundingClientRect().width),
        };
      }),
    );

  it('à 1280 px, les colonnes de la spécification sont visibles sans défiler, et le nom paraît en entier à côté de « Doublon possible »', async () => {
    const page = await signedIn();
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    const longRow = page.getByRole('row').filter({ hasText: LONG });
    await longRow.getByText('Doublon possible').waitFor();
    for (const field of ['date', 'nom', 'prenom', 'telephone', 'email', 'adresse', 'statut'])
      expect(await headerInView(page, field), `Inscriptions : ${field}`).toBe(true);
    for (const cell of await namesWhole(page)) {
      expect(cell.cut, `${cell.nom} coupé`).toBe(false);
      expect(cell.width, `${cell.nom} écrasé`).toBeGreaterThan(40);
    }
    await page.screenshot({ path: '/tmp/espace-agents-inscriptions.png' });

    await page.goto('/admin/partenaires');
    await page.getByRole('heading', { level: 1, name: 'Partenaires' }).waitFor();
    await page.getByRole('row').filter({ hasText: PARTENAIRE }).getByText('Doublon possible').waitFor();
    for (const field of ['tempdata', 'token', 'date', 'dateLastUpdate', 'nom', 'lien', 'categorie', 'statut', 'actif'])
      expect(await headerInView(page, field), `Partenaires : ${field}`).toBe(true);
    for (const cell of await namesWhole(page)) {
      expect(cell.cut, `${cell.nom} coupé`).toBe(false);
      expect(cell.width, `${cell.nom} écrasé`).toBeGreaterThan(40);
    }
    // No rows to tick here: only the student list has them.
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.screenshot({ path: '/tmp/espace-agents-partenaires.png' });

    await page.goto('/admin/courriels');
    await page.getByRole('heading', { level: 1, name: 'Courriels' }).waitFor();
    for (const field of ['date', 'destinataire', 'objet', 'type', 'statut', 'tentatives', 'derniereErreur'])
      expect(await headerInView(page, field), `Courriels : ${field}`).toBe(true);

    await page.goto('/admin/journal');
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    for (const field of ['date', 'agent', 'action', 'entite', 'resume', 'detail'])
      expect(await headerInView(page, field), `Journal : ${field}`).toBe(true);
  });

  it('/admin mène à Inscriptions ; le tableau de bord est à /admin/tableau-de-bord, première entrée du menu', async () => {
    const page = await signedIn('agent.espace');
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/inscriptions$/);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    const first = menu.getByRole('link').first();
    expect(await first.textContent()).toBe('Tableau de bord');
    expect(await first.getAttribute('href')).toBe('/admin/tableau-de-bord');
    await first.click();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/tableau-de-bord$/);
  });

  it('le menu latéral se lit en entier sous la barre du haut, son fond jusqu’en bas de l’écran, sur un bureau comme sur un téléphone', async () => {
    /** The drawer's paper, painted, from the top of the window to its bottom. */
    const drawerFills = (page: Page) =>
      page.locator('#menu-admin .MuiDrawer-paper').evaluate((el) => {
        const r = el.getBoundingClientRect();
        const painted = getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
        return painted && r.top <= 0 && r.bottom >= window.innerHeight;
      });
    const desk = await signedIn();
    await desk.goto('/admin/tableau-de-bord');
    await desk.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await desk.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await drawerFills(desk)).toBe(true);

    const phone = await portal.page({ viewport: { width: 390, height: 844 } });
    await signIn(phone, 'chef.espace', '/admin/inscriptions');
    await phone.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await phone.getByRole('button', { name: 'Déplier le menu' }).click();
    await phone.getByRole('navigation', { name: "Menu d'administration" }).waitFor();
    await expect.poll(() => drawerFills(phone)).toBe(true);
    // Every entry below the top bar, the first one included.
    const barBottom = await phone
      .locator('header')
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const first = phone.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link').first();
    expect(await first.textContent()).toBe('Tableau de bord');
    expect(await first.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(barBottom);
  });

  it('chaque page de l’espace agents a un seul h1 et un seul main, pendant le chargement comme après ; la liste des rôles passe axe', async () => {
    const page = await signedIn();
    // Each page, and the call of its own that the test holds to see it loading.
    const pagesToCheck = [
      ['/admin/inscriptions', 'Inscriptions', '/api/admin/inscriptions/get/list'],
      [`/admin/inscription/${offre}`, `Logement de Hélène ${LONG}`, '/api/admin/inscription/get/'],
      ['/admin/partenaires', 'Partenaires', '/api/admin/partenaires/get/list'],
      [`/admin/partenaire/${partenaire}`, PARTENAIRE, '/api/admin/partenaire/get/'],
      ['/admin/etudiants', 'Demandes étudiants', '/api/admin/etudiants/get/list'],
      ['/admin/roles', 'Roles', '/api/admin/role/get/list'],
      ['/admin/courriels', 'Courriels', '/api/admin/courriels'],
      ['/admin/journal', 'Journal', '/api/admin/journal'],
      ['/admin/tableau-de-bord', 'Tableau de bord', '/api/admin/tableau-de-bord'],
      ['/admin/compte', 'Mon compte', '/api/admin/compte/'],
    ] as const;
    const landmarks = async () => ({
      h1: await page.locator('h1').count(),
      main: await page.locator('main, [role="main"]').count(),
    });
    // Calls wait until the test lets them go; once let go, the late ones pass at once.
    const held: Route[] = [];
    let open = false;
    const hold = (route: Route) => {
      if (open) return route.continue().catch(() => undefined);
      held.push(route);
    };
    const holding = (urls: string) => held.some((r) => new URL(r.request().url()).pathname.startsWith(urls));
    const release = async (pattern: Parameters<Page['unroute']>[0]) => {
      open = true;
      await page.unroute(pattern);
      // A call the page gave up meanwhile (a new page, a cancelled query) has nothing to continue.
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      open = false;
    };
    // The shell's user and statuses pass: the page itself is what loads.
    const pageCalls = (url: URL) =>
      url.pathname.startsWith('/api/admin/') && url.pathname !== '/api/admin/statut/get/all';
    for (const [path, title, call] of pagesToCheck) {
      await page.route(pageCalls, hold);
      await page.goto(path);
      await expect.poll(() => holding(call), { message: `${path} : ${call} attendu` }).toBe(true);
      expect(await landmarks(), `${path} en chargement`).toEqual({ h1: 1, main: 1 });
      if (path === '/admin/roles') expect(await axeViolations(page), 'Roles en chargement').toEqual([]);
      await release(pageCalls);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await landmarks(), `${path} chargée`).toEqual({ h1: 1, main: 1 });
      // Loaded, the roles list passes axe in agents.test.ts (each state is checked once).
      if (path === '/admin/roles') await page.getByRole('button', { name: 'Modifier le rôle Agent' }).waitFor();
    }
    // The shell itself while the statuses load: its own heading, in its main.
    const statuts = '**/api/admin/statut/get/all';
    await page.route(statuts, hold);
    await page.goto('/admin/inscriptions');
    await expect.poll(() => holding('/api/admin/statut/get/all')).toBe(true);
    expect(await landmarks()).toEqual({ h1: 1, main: 1 });
    await release(statuts);
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
  });

  it('la session expire pendant la saisie : après la reconnexion, retour sur le partenaire avec la modification', async () => {
    const page = await signedIn();
    await page.goto(`/admin/partenaire/${partenaire}`);
    await page.getByRole('heading', { level: 1, name: PARTENAIRE }).waitFor();
    const nom = page.getByRole('textbox', { name: 'Nom du partenaire' });
    await nom.fill(`${PARTENAIRE} (modifié)`);

    // The session ends behind the agent's back (expired, or closed elsewhere).
    await portal.database.db.delete(sessions);
    sessionCache.clear();
    expectFailure(page, /^[A-Z]+ .*\/api\/(admin\/|user\/get\/current)/, 401);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/admin\/login\?refus=1$/);
    await page.getByRole('alert').filter({ hasText: MESSAGES.accesNonAutorise }).waitFor();

    await page.getByLabel('Identifiant').fill('chef.espace');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Connexion' }).click();
    await page.waitForURL(new RegExp(`/admin/partenaire/${partenaire}$`));
    await page.getByText('Vos modifications non enregistrées ont été rétablies.').waitFor();
    expect(await nom.inputValue()).toBe(`${PARTENAIRE} (modifié)`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(MESSAGES.enregistrementReussi).first().waitFor();
    await expect
      .poll(
        async () => (await portal.database.db.select().from(partenaires).where(eq(partenaires.id, partenaire)))[0].nom,
      )
      .toBe(`${PARTENAIRE} (modifié)`);
    // Saved: coming back shows the record, nothing « rétabli ».
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${PARTENAIRE} (modifié)` }).waitFor();
    expect(await page.getByText('Vos modifications non enregistrées ont été rétablies.').count()).toBe(0);
  });
});
