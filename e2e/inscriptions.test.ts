import { readFileSync } from 'node:fs';
import { BANNER_MS, FIELD_MESSAGES, MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inscriptions } from '../server/src/db/schema.ts';
import { seedInscriptions } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { skipBanner } from './banner-clock.ts';
import { axeViolations, expectFailure, type Portal, signIn, startPortal } from './harness.ts';
import { field, fillLogement, fillProprietaire, fillValidOffer, radio, stepHeading } from './wizard.ts';

/** The page never scrolls sideways on a 360 px phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('offres de logement des propriétaires dans Chromium', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  // Each test starts from the same agent and offer: it can run alone.
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('gestion.logement', ['ROLE_USER']);
    // Another landlord's offer (no detail in common: not a « Doublon possible »), so the staff
    // search has something to leave out.
    await seedInscriptions(portal.database.db, [
      {
        proprietaire: { nom: 'Martin', prenom: 'Paul', email: 'paul.martin@example.fr', telephone: '0698765432' },
        date: new Date('2024-01-05T10:00:00Z'),
      },
    ]);
  });
  afterAll(() => portal?.close());

  it('un propriétaire remplit l’assistant sur un téléphone, corrige ses erreurs et arrive à la confirmation', async () => {
    const page = await portal.page();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/inscription/proprietaire');
    await page.getByRole('heading', { level: 1, name: 'Proposer un logement' }).waitFor();
    await stepHeading(page, 'Propriétaire').waitFor();
    expect(await page.getByRole('button', { name: 'Précédent' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // Each step is checked on the page with the contract's schema first: its errors show without a call (no 400).
    // Step 0, typed as people type: the fields shape the input, and the e-mail is wrong.
    await field(page, 'Nom').pressSequentially('dupont');
    await field(page, 'Prénom').pressSequentially('marie-claire');
    await field(page, 'Téléphone').pressSequentially('06123456789');
    await field(page, 'Adresse de courriel').fill('marie.dupont@');
    await field(page, 'Adresse du logement').fill('8 rue Émile Zola');
    await field(page, 'Code postal').pressSequentially('100000');
    await field(page, 'Ville').pressSequentially('troyes');
    expect(await field(page, 'Nom').inputValue()).toBe('DUPONT');
    expect(await field(page, 'Prénom').inputValue()).toBe('Marie-Claire');
    expect(await field(page, 'Téléphone').inputValue()).toBe('0612345678');
    expect(await field(page, 'Code postal').inputValue()).toBe('10000');
    expect(await field(page, 'Ville').inputValue()).toBe('TROYES');

    await page.clock.install();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.champsObligatoires }).waitFor();
    const email = field(page, 'Adresse de courriel');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const described = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).toBe(FIELD_MESSAGES.email);
    expect(await axeViolations(page)).toEqual([]);
    // The banner goes away by itself after 5 seconds (how long it stays: admin-tables.test.ts).
    await skipBanner(page, page.getByRole('alert').filter({ hasText: MESSAGES.champsObligatoires }), BANNER_MS.erreur);

    // Corrected; 'Suivant' stays disabled while the server checks the step.
    await email.fill('marie.dupont@example.fr');
    expect(await page.getByText(FIELD_MESSAGES.email).count()).toBe(0);
    // The server's answer is held until the disabled button has been seen.
    let answer!: () => void;
    const held = new Promise<void>((r) => {
      answer = r;
    });
    await page.route('**/api/inscription/proprietaire/validate*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant', disabled: true }).waitFor();
    answer();
    await stepHeading(page, 'Logement').waitFor();
    await expect.poll(() => focusedText(page)).toMatch(/Logement$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Step 1, with the floor forgotten.
    await field(page, 'Proximité').selectOption('Secteur IUT - UTT - EPF - ESTP - INSPE - Lycée des Lombards');
    await field(page, 'Type de logement').selectOption('T1');
    await radio(page, 'Colocation', 'Non');
    await radio(page, 'Logement situé dans un immeuble', 'Oui');
    await field(page, 'Surface').selectOption('Entre 25 et 30 m²');
    await field(page, 'Chauffage').selectOption('Individuel gaz');
    await field(page, 'Loyer hors charges').selectOption('Entre 350 et 400 euros');
    await field(page, 'Charges mensuelles (en euros)').pressSequentially('30,5');
    expect(await field(page, 'Charges mensuelles (en euros)').inputValue()).toBe('30.5');
    await field(page, 'Équipement').selectOption('Partiellement meublé');
    await field(page, 'Informations sur le logement').selectOption('Logement rénové depuis moins de 5 ans');
    await radio(page, 'Ascenseur', 'Oui');
    await radio(page, 'Local vélo', 'Non');
    await radio(page, 'Parking voiture', 'Oui');
    await field(page, 'Type de parking').selectOption('Collectif');
    // Changing parking clears and hides the parking type.
    await radio(page, 'Parking voiture', 'Non');
    expect(await field(page, 'Type de parking').count()).toBe(0);
    await radio(page, 'Parking voiture', 'Oui');
    expect(await field(page, 'Type de parking').inputValue()).toBe('');
    await field(page, 'Type de parking').selectOption('Privatif');
    await radio(page, 'Éligible aux aides au logement (CAF)', 'Oui');
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.champsObligatoires }).waitFor();
    const etage = field(page, 'Étage');
    expect(await etage.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await etage.getAttribute('aria-describedby')}`).textContent()).toBe(
      FIELD_MESSAGES.obligatoire,
    );
    expect(await axeViolations(page)).toEqual([]);
    await etage.selectOption('3ème étage');
    // Changing immeuble clears the floor.
    await radio(page, 'Logement situé dans un immeuble', 'Non');
    await radio(page, 'Logement situé dans un immeuble', 'Oui');
    expect(await field(page, 'Étage').inputValue()).toBe('');
    await field(page, 'Étage').selectOption('3ème étage');
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Recap: every value with its label.
    await stepHeading(page, 'Récapitulatif').waitFor();
    const recap = async () => {
      const pairs = await page
        .locator('dl dt')
        .evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
      return Object.fromEntries(pairs);
    };
    expect(await recap()).toEqual({
      Nom: 'DUPONT',
      Prénom: 'Marie-Claire',
      Téléphone: '06 12 34 56 78',
      'Adresse de courriel': 'marie.dupont@example.fr',
      'Adresse du logement': '8 rue Émile Zola',
      'Code postal': '10000',
      Ville: 'TROYES',
      Proximité: 'Secteur IUT - UTT - EPF - ESTP - INSPE - Lycée des Lombards',
      'Type de logement': 'T1',
      Colocation: 'Non',
      'Logement situé dans un immeuble': 'Oui',
      Étage: '3ème étage',
      Surface: 'Entre 25 et 30 m²',
      Chauffage: 'Individuel gaz',
      'Loyer hors charges': 'Entre 350 et 400 euros',
      'Charges mensuelles (en euros)': '30,50 €',
      Équipement: 'Partiellement meublé',
      'Informations sur le logement': 'Logement rénové depuis moins de 5 ans',
      Ascenseur: 'Oui',
      'Parking voiture': 'Oui',
      'Type de parking': 'Privatif',
      'Local vélo': 'Non',
      'Éligible aux aides au logement (CAF)': 'Oui',
    });
    await page.getByRole('heading', { name: 'Vos données personnelles' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // Back and forward: nothing typed is lost.
    await page.getByRole('button', { name: 'Précédent' }).click();
    await stepHeading(page, 'Logement').waitFor();
    expect(await field(page, 'Étage').inputValue()).toBe('3ème étage');
    await page.getByRole('button', { name: 'Précédent' }).click();
    await stepHeading(page, 'Propriétaire').waitFor();
    await expect.poll(() => focusedText(page)).toMatch(/Propriétaire$/);
    expect(await field(page, 'Adresse de courriel').inputValue()).toBe('marie.dupont@example.fr');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading(page, 'Logement').waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading(page, 'Récapitulatif').waitFor();

    await page.getByRole('button', { name: 'Valider' }).click();
    await stepHeading(page, 'Merci, votre offre de logement est enregistrée').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    const [row] = await portal.database.db.select().from(inscriptions).where(eq(inscriptions.nom, 'DUPONT'));
    expect(row).toMatchObject({ statutId: 1, prenom: 'Marie-Claire', etage: '3ème étage', charges: '30.50' });
  });

  it('sur un téléphone, Retour et Suivant du navigateur changent d’étape sans rien perdre, un rechargement garde la saisie, l’envoi l’efface', async () => {
    const page = await portal.page({ viewport: { width: 390, height: 844 } });
    // Leaving asks first: the browser's own question on a reload, the portal's on a link to another page.
    const dialogs: { type: string; message: string }[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      await (dialog.type() === 'confirm' ? dialog.dismiss() : dialog.accept());
    });
    await page.goto('/inscription/proprietaire');
    await stepHeading(page, 'Propriétaire').waitFor();
    await fillProprietaire(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading(page, 'Logement').waitFor();
    expect(new URL(page.url()).search).toBe('?etape=logement');
    await field(page, 'Type de logement').selectOption('Studio');

    await page.goBack();
    await stepHeading(page, 'Propriétaire').waitFor();
    expect(await field(page, 'Nom').inputValue()).toBe('DURAND');
    expect(await field(page, 'Adresse de courriel').inputValue()).toBe('lea.durand@example.fr');
    await page.goForward();
    await stepHeading(page, 'Logement').waitFor();
    expect(await field(page, 'Type de logement').inputValue()).toBe('Studio');

    await page.reload();
    await stepHeading(page, 'Logement').waitFor();
    expect(dialogs.map((d) => d.type)).toEqual(['beforeunload']);
    expect(await field(page, 'Type de logement').inputValue()).toBe('Studio');
    await fillLogement(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading(page, 'Récapitulatif').waitFor();

    // A link to another page asks, and staying keeps the recap.
    await page.getByRole('link', { name: 'Données personnelles' }).first().click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toMatchObject({ type: 'confirm', message: expect.stringContaining('pas encore envoyée') });
    await stepHeading(page, 'Récapitulatif').waitFor();
    expect(new URL(page.url()).pathname).toBe('/inscription/proprietaire');

    await page.getByRole('button', { name: 'Valider' }).click();
    const merci = stepHeading(page, 'Merci, votre offre de logement est enregistrée');
    await merci.waitFor();
    await page
      .getByText(
        'Un courriel avec votre lien personnel pour gérer votre offre va vous être envoyé à lea.durand@example.fr.',
        {
          exact: false,
        },
      )
      .waitFor();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // Sent: the browser's Back finds no draft, and leaving asks nothing.
    await page.goBack();
    await stepHeading(page, 'Propriétaire').waitFor();
    expect(await field(page, 'Nom').inputValue()).toBe('');
    await page.goto('/');
    expect(dialogs).toHaveLength(2);
  });

  it('le Retour du navigateur à la première étape demande avant de quitter l’assistant ; rester garde la saisie', async () => {
    const page = await portal.page({ viewport: { width: 390, height: 844 } });
    const dialogs: string[] = [];
    let leave = false;
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await (leave ? dialog.accept() : dialog.dismiss());
    });
    await page.goto('/');
    await page.getByRole('link', { name: /Proposer un logement/ }).click();
    await stepHeading(page, 'Propriétaire').waitFor();
    await fillProprietaire(page);

    await page.goBack();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain('pas encore envoyée');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inscription/proprietaire');
    await stepHeading(page, 'Propriétaire').waitFor();
    expect(await field(page, 'Nom').inputValue()).toBe('DURAND');

    leave = true;
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: /Proposer un logement/ }).waitFor();
    expect(dialogs).toHaveLength(2);
  });

  it('« Gérer mon offre » de l’accueil ouvre le formulaire du lien perdu ; le téléphone du guichet se compose', async () => {
    const page = await portal.page({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    const tel = page.getByRole('main').locator('a[href^="tel:"]');
    expect(await tel.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    // The footer's number, on every public page, dials too.
    const footerTel = page.getByRole('contentinfo').locator('a[href^="tel:"]');
    expect(await footerTel.getAttribute('href')).toBe(await tel.getAttribute('href'));
    await page.getByRole('link', { name: /Gérer mon offre/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Proposer un logement' }).waitFor();
    await page
      .getByRole('region', { name: 'Recevoir à nouveau mon lien personnel' })
      .getByRole('textbox', { name: /^Adresse de courriel/ })
      .waitFor();
    await expect.poll(() => focusedText(page)).toBe('Recevoir à nouveau mon lien');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('affiche « Une erreur est survenue durant l’enregistrement » quand l’envoi échoue', async () => {
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await stepHeading(page, 'Propriétaire').waitFor();
    // A valid offer up to the recap (each step is checked on the page, then by the server), then the recording fails.
    expectFailure(page, 'POST /api/inscription/add', 500);
    await page.route('**/api/inscription/add', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","errors":[]}' }),
    );
    await fillValidOffer(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.erreurEnregistrementInscription }).waitFor();
    await stepHeading(page, 'Récapitulatif').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('un agent retrouve l’offre, la valide et l’exporte', async () => {
    // The offer the wizard test sends, as the repository stores it.
    await seedInscriptions(portal.database.db, [
      {
        proprietaire: {
          nom: 'dupont',
          prenom: 'marie-claire',
          telephone: '0612345678',
          email: 'marie.dupont@example.fr',
          adresse: '8 rue Émile Zola',
          cp: '10000',
          ville: 'troyes',
        },
        logement: { etage: '3ème étage', charges: '30,5' },
        date: new Date(),
      },
    ]);
    const page = await portal.page();
    await signIn(page, 'gestion.logement', '/admin/inscriptions');
    await page.getByRole('heading', { level: 1, name: 'Inscriptions' }).waitFor();
    await page.getByRole('gridcell', { name: 'MARTIN', exact: true }).waitFor();
    await page.getByLabel('Rechercher').fill('dupont');
    await page.getByRole('gridcell', { name: 'MARTIN', exact: true }).waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'DUPONT' });
    expect(await row.getByRole('gridcell', { name: '8 rue Émile Zola, 10000 TROYES' }).count()).toBe(1);
    expect(await row.getByText('En attente').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await page.waitForURL(/\/admin\/inscription\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Logement de Marie-Claire DUPONT' }).waitFor();
    expect(await page.getByText('3ème étage').count()).toBe(1);
    expect(await page.getByText('30,50 €').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // A failed save says so, and changes nothing.
    expectFailure(page, /^\w+ \S+\/api\/admin\/inscription\/update\/\d+$/, 500);
    await page.route('**/api/admin/inscription/update/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","errors":[]}' }),
    );
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.erreurEnregistrement }).waitFor();
    await page.unroute('**/api/admin/inscription/update/*');

    await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Validé' });
    await page.clock.install();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const success = page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi });
    await success.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [saved] = await portal.database.db.select().from(inscriptions).where(eq(inscriptions.nom, 'DUPONT'));
    expect(saved.statutId).toBe(2);
    await skipBanner(page, success, BANNER_MS.succes);

    // Back to the list as it was left: the search is in the URL, and the export follows it.
    await page.goBack();
    await page.waitForURL(/\/admin\/inscriptions\?recherche=dupont$/);
    await page.getByRole('gridcell', { name: 'DUPONT', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inscriptions_logement.csv');
    const csv = readFileSync((await download.path()) as string);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Validé;DUPONT;Marie-Claire;06 12 34 56 78;marie.dupont@example.fr;8 rue Émile Zola;');
  });

  it('dit « Inscription introuvable. » pour un numéro inconnu', async () => {
    const page = await portal.page();
    expectFailure(page, /^GET \S+\/api\/admin\/inscription\/\S*999999$/, 404);
    await signIn(page, 'gestion.logement', '/admin/inscription/999999');
    await page.getByRole('alert').filter({ hasText: MESSAGES.inscriptionIntrouvable }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
