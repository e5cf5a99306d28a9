import { ETUDIANT_MESSAGES, FIELD_MESSAGES, MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { etudiants } from '../server/src/db/schema.ts';
import { seedInscriptions } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { register } from '../server/src/features/partenaires/partenaires.fixtures.ts';
import { axeViolations, expectFailure, login, type Portal, signIn, startPortal } from './harness.ts';

/**
 * RGAA (issue 10): the states the feature journeys do not reach, the keyboard-only journeys,
 * visible focus, live regions, reflow at 360 px and at 200 % zoom, and the skip link.
 * The keyboard tests never click, fill or check: they press keys as a person without a mouse does.
 */

type Target = { selector?: string; text?: string };

/** Presses Tab (or Shift+Tab) until the focused element matches (no key if it already does). */
async function tabTo(page: Page, target: Target, { back = false, max = 60 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (i > 0) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const { ok, what } = await page.evaluate(({ selector, text }) => {
      const el = document.activeElement as HTMLElement | null;
      const name = (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
      const ok =
        !!el && (!selector || el.matches(selector)) && (!text || name === text || el.innerText?.trim() === text);
      return { ok, what: `${el?.tagName}#${el?.id}[${name.slice(0, 30)}]` };
    }, target);
    if (ok) return;
    seen.push(what);
  }
  throw new Error(`${JSON.stringify(target)} jamais atteint au clavier : ${seen.join(' → ')}`);
}

/** Types into the field reached by Tab. */
async function typeIn(page: Page, selector: string, text: string) {
  await tabTo(page, { selector });
  await page.keyboard.type(text);
}

/** Chooses an option of the focused native select with the arrow keys, as a keyboard user does. */
async function arrowToOption(page: Page, label: string) {
  const { from, to } = await page.evaluate((wanted) => {
    const select = document.activeElement as HTMLSelectElement;
    return { from: select.selectedIndex, to: [...select.options].findIndex((o) => o.text === wanted) };
  }, label);
  if (to < 0) throw new Error(`option « ${label} » absente`);
  for (let i = from; i < to; i++) await page.keyboard.press('ArrowDown');
  for (let i = from; i > to; i--) await page.keyboard.press('ArrowUp');
  expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.text)).toBe(label);
}

async function chooseIn(page: Page, selector: string, label: string) {
  await tabTo(page, { selector });
  await arrowToOption(page, label);
}

/** Answers a radio group: Tab lands on its first radio; Space checks it, an arrow checks the next. */
async function answer(page: Page, name: string, position: 'premier' | 'second') {
  await tabTo(page, { selector: `input[type="radio"][name="${name}"]` });
  await page.keyboard.press(position === 'premier' ? 'Space' : 'ArrowRight');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
}

/**
 * Whether the focused control shows where focus is: an outline or a shadow on it or on the MUI
 * component that draws its focus (buttons, radios), or the thick border of an outlined field.
 */
const focusVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const ring = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
    };
    if (ring(el) || ring(el.closest('.Mui-focusVisible'))) return true;
    const border = el.closest('.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    return !!border && Number.parseFloat(getComputedStyle(border).borderTopWidth) >= 2;
  });

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return { tag: el.tagName, id: el.id, text: el.textContent?.trim() ?? '' };
  });

/** The error a screen reader reads with the field: aria-invalid and the text its aria-describedby points at. */
async function linkedError(page: Page, selector: string) {
  const input = page.locator(selector);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  expect(ids).not.toBe('');
  return (await Promise.all(ids.split(' ').map((id) => page.locator(`#${id}`).textContent()))).join(' ').trim();
}

/** The page's own level-one heading, not the one of the loading state ("Chargement du portail…"). */
const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Chargement/ });

/** No sideways scrolling at the current width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('accessibilité (RGAA 4.1) dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  // Each test starts from an empty portal with one administrator: any one can run alone.
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('direction', ['ROLE_ADMIN']);
  });

  /** One offer, one partner and one request, as the keyboard journeys above leave them. */
  async function filled() {
    await seedInscriptions(portal.database.db, [
      {
        proprietaire: {
          nom: 'bernard',
          prenom: 'luc',
          telephone: '0611223344',
          email: 'luc.bernard@example.fr',
          adresse: '5 rue du Clavier',
        },
        date: new Date(),
      },
    ]);
    await register(portal.app, { nom: 'Clavier Solidaire', lien: 'clavier-solidaire.fr' });
    await portal.database.db
      .insert(etudiants)
      .values({ email: 'camille.clavier@example.fr', cp: '10000', ville: 'TROYES', ecole: 'UTT' });
  }
  afterAll(() => portal?.close());

  it('les pages légales, la connexion (vide, erreur, accès refusé), les pages introuvables passent axe', async () => {
    const page = await portal.page();
    await page.goto('/');
    for (const title of ['Accessibilité', 'Mentions légales', 'Données personnelles']) {
      // Every public page links the three from its footer.
      await page.getByRole('navigation', { name: 'Informations légales' }).getByRole('link', { name: title }).waitFor();
      await page.goto(
        { Accessibilité: '/accessibilite', 'Mentions légales': '/mentions-legales' }[title] ?? '/donnees-personnelles',
      );
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await axeViolations(page), title).toEqual([]);
    }
    // The statement gives its level, its exceptions, a contact and the recourse.
    await page.goto('/accessibilite');
    for (const part of ['État de conformité', 'Contenus non accessibles', "Retour d'information et contact"]) {
      await page.getByRole('heading', { level: 2, name: part }).waitFor();
    }
    await page.getByText('partiellement conforme', { exact: true }).waitFor();
    await page
      .getByText(/Défenseur des droits/)
      .first()
      .waitFor();

    await page.goto('/nulle-part');
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expectFailure(page, 'GET /api/partenaire/get/one/by/lien-inconnu', 404);
    await page.goto('/update/partenaire/lien-inconnu');
    await page.getByRole('alert').filter({ hasText: MESSAGES.partenaireIntrouvableToken }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/login');
    await page.getByRole('heading', { level: 1, name: "Connexion à l'espace agents" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Connexion' }).click();
    expect(await linkedError(page, 'input[name="username"]')).toBe('Veuillez saisir votre identifiant.');
    expect(await axeViolations(page)).toEqual([]);
    expectFailure(page, 'POST /api/login', 400);
    await login(page, 'direction', 'mauvais');
    await page.getByRole('alert').filter({ hasText: MESSAGES.identifiantsIncorrects }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/admin/login?refus=1');
    await page.getByRole('alert').filter({ hasText: MESSAGES.accesNonAutorise }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('« Aller au contenu » : première tabulation d’une page publique et de l’espace agents, Entrée mène au contenu', async () => {
    const page = await portal.page();
    for (const path of ['/', '/inscription/partenaire', '/admin/login']) {
      await page.goto(path);
      await pageHeading(page).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Aller au contenu' });
      expect(await active(page), path).toMatchObject({ tag: 'A', text: 'Aller au contenu' });
      // Shown once focused: inside the viewport and outlined.
      const box = await skip.boundingBox();
      expect(box?.y ?? -1, path).toBeGreaterThanOrEqual(0);
      expect(await focusVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contenu');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      // The next Tab goes on from the content, not from the top of the page.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    }
  });

  it('les tableaux de l’espace agents, vides, passent axe et disent « Aucun enregistrement trouvé »', async () => {
    const page = await portal.page();
    await signIn(page, 'direction', '/admin/inscriptions');
    for (const [path, title] of [
      ['/admin/inscriptions', 'Inscriptions'],
      ['/admin/partenaires', 'Partenaires'],
      ['/admin/etudiants', 'Demandes étudiants'],
      ['/admin/roles?f.libelle=aucun-role', 'Roles'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(MESSAGES.aucunEnregistrement).waitFor();
      expect(await axeViolations(page), title).toEqual([]);
    }
  });

  it('un propriétaire va jusqu’à la confirmation au clavier seul ; erreurs reliées aux champs, focus sur chaque étape', async () => {
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await page.getByRole('heading', { level: 1, name: 'Proposer un logement' }).waitFor();
    // Each step is checked on the page with the contract's schema first: a step with errors is not
    // sent (any 400 would fail the test); the server checks the corrected step again.

    await typeIn(page, '#champ-nom', 'bernard');
    expect(await focusVisible(page)).toBe(true);
    await typeIn(page, '#champ-prenom', 'luc');
    await typeIn(page, '#champ-telephone', '0611223344');
    await typeIn(page, '#champ-email', 'luc.bernard@');
    await typeIn(page, '#champ-adresse', '5 rue du Clavier');
    await typeIn(page, '#champ-cp', '10000');
    await typeIn(page, '#champ-ville', 'troyes');
    await tabTo(page, { text: 'Suivant' });
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');

    // The banner is an alert; the error is linked to its field, which gets the focus.
    await page.getByRole('alert').filter({ hasText: MESSAGES.champsObligatoires }).waitFor();
    expect(await linkedError(page, '#champ-email')).toBe(FIELD_MESSAGES.email);
    await expect.poll(() => active(page)).toMatchObject({ id: 'champ-email' });
    await page.keyboard.press('End');
    await page.keyboard.type('example.fr');
    expect(await page.locator('#champ-email').getAttribute('aria-invalid')).toBe('false');
    // Enter in a field sends the step.
    await page.keyboard.press('Enter');

    const logement = page.getByRole('heading', { level: 2, name: /Logement$/ });
    await logement.waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'H2', text: 'Étape 2 sur 3 : Logement' });
    expect(await axeViolations(page)).toEqual([]);
    // Sent empty: the focus goes to the first field; a yes/no question carries its error too.
    await tabTo(page, { text: 'Suivant' });
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: MESSAGES.champsObligatoires }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ id: 'champ-proximite' });
    expect(await linkedError(page, '#champ-proximite')).toBe(FIELD_MESSAGES.obligatoire);
    expect(await linkedError(page, '[role="radiogroup"][aria-labelledby="label-colocation"]')).toBe(
      FIELD_MESSAGES.obligatoire,
    );

    await chooseIn(page, '#champ-proximite', 'Secteur Yschools');
    await chooseIn(page, '#champ-type', 'Studio');
    await answer(page, 'colocation', 'second'); // Non
    await answer(page, 'immeuble', 'second'); // Oui: the floor appears after it
    await chooseIn(page, '#champ-etage', 'RDC');
    await chooseIn(page, '#champ-surface', 'Moins de 15 m²');
    await chooseIn(page, '#champ-chauffage', 'Collectif');
    await chooseIn(page, '#champ-loyer', 'Moins de 200 euros');
    await typeIn(page, '#champ-charges', '20');
    await chooseIn(page, '#champ-equipement', 'Meublé');
    await chooseIn(page, '#champ-infoLogement', 'Logement neuf');
    await answer(page, 'ascenceur', 'premier'); // Oui
    expect(await focusVisible(page)).toBe(true);
    await answer(page, 'localVelo', 'second'); // Non
    await answer(page, 'parking', 'premier'); // Non
    await answer(page, 'caf', 'second'); // Oui
    await tabTo(page, { text: 'Suivant' });
    await page.keyboard.press('Space');

    await page.getByRole('heading', { level: 2, name: /Récapitulatif$/ }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'H2', text: 'Étape 3 sur 3 : Récapitulatif' });
    expect(await page.locator('dl').first().textContent()).toContain('BERNARD');
    await tabTo(page, { text: 'Valider' });
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 2, name: 'Merci, votre offre de logement est enregistrée' }).waitFor();
    await expect
      .poll(() => active(page))
      .toMatchObject({ tag: 'H2', text: 'Merci, votre offre de logement est enregistrée' });
    // This state passes axe in inscriptions.test.ts (each state is checked once).
  });

  it('un partenaire s’inscrit au clavier seul, logo compris', async () => {
    const page = await portal.page();
    // Listening early: Playwright intercepts the file chooser only once its listener is in place.
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 30_000 });
    await page.goto('/inscription/partenaire');
    await page.getByRole('heading', { level: 1, name: 'Devenir partenaire' }).waitFor();
    // Enter in the first field sends the empty form: an alert, and focus on the first field to correct.
    await tabTo(page, { selector: '#champ-nom' });
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: MESSAGES.remplirTousLesChamps }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ id: 'champ-nom' });
    expect(await linkedError(page, '#champ-nom')).not.toBe('');

    await page.keyboard.type('Clavier Solidaire');
    await typeIn(page, '#champ-lien', 'clavier-solidaire.fr');
    await typeIn(page, '#champ-lienOffres', 'https://clavier-solidaire.fr/etudiants');
    await typeIn(page, '#champ-presentation', 'Des ordinateurs reconditionnés pour les étudiants.');
    await tabTo(page, { selector: '#champ-logo' });
    expect(await focusVisible(page)).toBe(true);
    // Enter on the button opens the system's file chooser; the person picks the file there.
    await page.keyboard.press('Enter');
    await (await chooserOpened).setFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 80, height: 40, channels: 3, background: '#18753c' } })
        .png()
        .toBuffer(),
    });
    await page.getByRole('img', { name: 'Logo de Clavier Solidaire' }).waitFor();
    await typeIn(page, '#champ-nomComplet', 'Association Clavier Solidaire');
    await typeIn(page, '#champ-adresse', '1 place de la Libération');
    await typeIn(page, '#champ-cp', '10000');
    await typeIn(page, '#champ-ville', 'troyes');
    await typeIn(page, '#champ-telephone', '0325000002');
    await typeIn(page, '#champ-mail', 'contact@clavier-solidaire.fr');
    await answer(page, 'champ-civiliteR', 'second'); // Monsieur
    await typeIn(page, '#champ-nomR', 'Petit');
    await typeIn(page, '#champ-prenomR', 'Jean');
    await typeIn(page, '#champ-fonctionR', 'Trésorier');
    await typeIn(page, '#champ-telephoneR', '0611223355');
    await typeIn(page, '#champ-mailR', 'jean.petit@clavier-solidaire.fr');
    await tabTo(page, { text: "Valider l'inscription" });
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Inscription enregistrée' }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'H1', text: 'Inscription enregistrée' });
    await page.getByRole('status').filter({ hasText: PARTENAIRE_MESSAGES.inscriptionEnregistree }).waitFor();
  });

  it('un étudiant envoie sa demande au clavier seul ; chaque erreur est reliée à son champ', async () => {
    const page = await portal.page();
    await page.goto('/demande/etudiant');
    await page.getByRole('heading', { level: 1, name: 'Demander la liste des logements' }).waitFor();
    // Sent empty: the page checks it with the contract's schema and sends nothing (any 400 would fail the test).
    const sent: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/etudiant/add') sent.push(req.method());
    });
    await tabTo(page, { text: 'Valider la demande' });
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: MESSAGES.remplirTousLesChamps }).waitFor();
    for (const id of ['champ-email', 'champ-cp', 'champ-ville', 'champ-ecole']) {
      expect(await linkedError(page, `#${id}`), id).toBe(FIELD_MESSAGES.obligatoire);
    }
    await expect.poll(() => active(page)).toMatchObject({ id: 'champ-email' });
    expect(sent).toEqual([]);

    await page.keyboard.type('camille.clavier@example.fr');
    await typeIn(page, '#champ-cp', '10000');
    await typeIn(page, '#champ-ville', 'troyes');
    await chooseIn(page, '#champ-ecole', 'UTT');
    await tabTo(page, { text: 'Valider la demande' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Demande enregistrée' }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'H1', text: 'Demande enregistrée' });
    await page.getByRole('status').filter({ hasText: ETUDIANT_MESSAGES.demandeEnregistree }).waitFor();
  });

  it('remplis, les tableaux passent axe ; actions de ligne en liens ou boutons ; le statut est écrit', async () => {
    await filled();
    const page = await portal.page();
    await signIn(page, 'direction', '/admin/inscriptions');
    const statusCell = (row: ReturnType<Page['getByRole']>) => row.locator('[role="gridcell"][data-field="statut"]');

    const offre = page.getByRole('row').filter({ hasText: 'BERNARD' });
    await offre.waitFor();
    expect(await offre.getByRole('link').getAttribute('href')).toMatch(/^\/admin\/inscription\/\d+$/);
    expect(await statusCell(offre).textContent()).toBe('En attente');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/partenaires');
    const partenaire = page.getByRole('row').filter({ hasText: 'Clavier Solidaire' });
    await partenaire.waitFor();
    expect(await partenaire.getByRole('link', { name: /^\d{2}\/\d{2}\/\d{4}/ }).getAttribute('href')).toMatch(
      /^\/admin\/partenaire\/\d+$/,
    );
    expect(await statusCell(partenaire).textContent()).toBe('En attente');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/etudiants');
    const demande = page.getByRole('row').filter({ hasText: 'camille.clavier@example.fr' });
    await demande.waitFor();
    expect(await demande.getByRole('checkbox').count()).toBe(1);
    expect(await demande.getByRole('checkbox').getAttribute('aria-label')).not.toBeNull();
    expect(await statusCell(demande).textContent()).toBe('En attente');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/roles');
    const role = page.getByRole('row').filter({ hasText: 'Administrateur' });
    await role.getByRole('button', { name: 'Modifier le rôle Administrateur' }).waitFor();
  });

  it('un agent valide une demande, puis une offre, au clavier seul', async () => {
    await filled();
    const page = await portal.page();
    await page.goto('/admin/login');
    await typeIn(page, 'input[name="username"]', 'direction');
    await typeIn(page, 'input[name="password"]', 'mot-de-passe-e2e');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/inscriptions$/);

    await tabTo(page, { selector: 'nav a[href="/admin/etudiants"]' });
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Demandes étudiants' }).waitFor();
    const demande = page.getByRole('row').filter({ hasText: 'camille.clavier@example.fr' });
    await demande.waitFor();

    // Into the grid (one tab stop), down to the row, Space on its checkbox.
    await tabTo(page, { selector: '[role="grid"] [role="columnheader"], [role="grid"] [role="columnheader"] *' });
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement).closest('[role="row"]')?.textContent ?? ''),
      )
      .toContain('camille.clavier@example.fr');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Space');
    await page.getByText('1 ligne sélectionnée').waitFor();

    await tabTo(page, { text: 'Valider et envoyer le mail' }, { back: true });
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    // The confirmation opens with the focus on its confirm button: Enter sends.
    await page.getByRole('dialog', { name: 'Valider 1 demande ?' }).waitFor();
    await expect.poll(() => active(page)).toMatchObject({ tag: 'BUTTON', text: 'Valider et envoyer 1 courriel' });
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: ETUDIANT_MESSAGES.validees(1) })
      .waitFor();
    expect(await demande.locator('[data-field="statut"]').textContent()).toBe('Validé');
    // The pressed button is disabled now (nothing selected): the focus went to the result, not to the page.
    // (moved on the next animation frame, hence the poll; the banner stays 3 s)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    // An offer: from the list to its page through the link of its row, then its status.
    await tabTo(page, { selector: 'nav a[href="/admin/inscriptions"]' }, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('row').filter({ hasText: 'BERNARD' }).waitFor();
    await tabTo(page, { selector: '[role="grid"] [role="columnheader"], [role="grid"] [role="columnheader"] *' });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => active(page)).toMatchObject({ tag: 'A' });
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Logement de Luc BERNARD' }).waitFor();
    await chooseIn(page, 'select#statut', 'Validé');
    await tabTo(page, { text: 'Enregistrer' });
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();
  });

  it('à 360 px de large et à 200 % de zoom, rien ne déborde et les boutons principaux restent atteignables', async () => {
    const pages: [string, string | null][] = [
      ['/', null],
      ['/inscription/proprietaire', 'Suivant'],
      ['/inscription/partenaire', "Valider l'inscription"],
      ['/partenaires', null],
      ['/demande/etudiant', 'Valider la demande'],
      ['/accessibilite', null],
      ['/mentions-legales', null],
      ['/donnees-personnelles', null],
      ['/admin/login', 'Connexion'],
    ];
    // 200 % zoom of a 1280 × 720 window is a 640 × 360 CSS pixel viewport drawn with 2 device pixels each.
    for (const viewport of [
      { width: 360, height: 740, deviceScaleFactor: 1 },
      { width: 640, height: 360, deviceScaleFactor: 2 },
    ]) {
      const page = await portal.page({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.deviceScaleFactor,
      });
      for (const [path, button] of pages) {
        await page.goto(path);
        await pageHeading(page).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await fitsWidth(page), `${path} à ${viewport.width} px`).toBe(true);
        if (button) {
          const target = page.getByRole('main').getByRole('button', { name: button, exact: true });
          await target.scrollIntoViewIfNeeded();
          const box = await target.boundingBox();
          expect(box, `${button} sur ${path}`).not.toBeNull();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
          // Nothing covers it: the point at its centre belongs to it.
          expect(
            await target.evaluate((el) => {
              const r = el.getBoundingClientRect();
              return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
            }),
          ).toBe(true);
        }
      }
      // The admin area too: the page itself never scrolls sideways (a wide table scrolls inside itself).
      await signIn(page, 'direction', '/admin/inscriptions');
      await page.getByRole('grid', { name: 'Inscriptions' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await fitsWidth(page), `liste à ${viewport.width} px`).toBe(true);
      // Narrow, the menu is closed and opens over the page; choosing an entry closes it.
      const nav = page.getByRole('navigation', { name: "Menu d'administration" });
      expect(await nav.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Déplier le menu' }).click();
      await nav.getByRole('link', { name: 'Etudiants' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await nav.getByRole('link', { name: 'Etudiants' }).click();
      await page.getByRole('heading', { level: 1, name: 'Demandes étudiants' }).waitFor();
      await nav.waitFor({ state: 'hidden' });
      expect(await fitsWidth(page), `demandes à ${viewport.width} px`).toBe(true);
    }
  });
});
