import { readFileSync } from 'node:fs';
import { fillPath, MESSAGES, PARTENAIRE_MESSAGES, pages } from '@guichet/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminPut,
  register,
  uploadedLogo,
  validPartenaire,
} from '../server/src/features/partenaires/partenaires.fixtures.ts';
import { partenairesRepository } from '../server/src/features/partenaires/partenaires.repository.ts';
import { parisDay } from '../server/src/platform/daily-jobs.ts';
import { hashToken, newToken } from '../server/src/platform/tokens.ts';
import { axeViolations, expectFailure, PASSWORD, portalWithMail, signIn } from './harness.ts';

/** The category "Sport" (fifth of the seeded list) and the theme "Faire du sport". */
const SPORT = 5;

/** A labelled field, whatever required-marker MUI appends to its label. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}[\\s\u2009*]*$`));
const png = (background: string) =>
  sharp({ create: { width: 120, height: 60, channels: 3, background } })
    .png()
    .toBuffer();
/** The row of the review table for one field. */
const reviewRow = (page: Page, key: string) => page.locator(`tr[data-champ="${key}"]`);

describe('partenaires dans Chromium', () => {
  const ctx = portalWithMail();
  let cookie = '';

  // Each test starts from an empty portal and mailbox, and builds through the API the partner
  // it needs, at the stage of the journey it checks: any one can run alone.
  beforeEach(async () => {
    await ctx.portal.agent('gestion.partenaires', ['ROLE_USER']);
    const res = await ctx.portal.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'gestion.partenaires', password: PASSWORD },
    });
    cookie = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
  });

  /** Vélo Campus as its form registers it, blue logo: pending and inactive. */
  const registered = () =>
    register(ctx.portal.app, { presentation: 'Location de vélos à prix réduit pour les étudiants.' });
  /** Registered, then validated, active, under Sport and the theme "Faire du sport" by staff. */
  async function published() {
    const id = await registered();
    const res = await adminPut(ctx.portal.app, cookie, id, { statut: 2, actif: true, categorie: SPORT, filtre: 6 });
    if (res.statusCode !== 200) throw new Error(`publication refusée : ${res.body}`);
    return id;
  }
  /** Published, with a renewal link (the mail that carries it is tested on its own). */
  async function withLink() {
    const id = await published();
    const token = newToken();
    await partenairesRepository.setToken(ctx.portal.database.db, id, hashToken(token));
    return { id, token, link: `${ctx.portal.url}${fillPath(pages.updatePartenaire, { token })}` };
  }
  /** With a link the partner used to propose a new name and a red logo. */
  async function withProposal() {
    const { id, token } = await withLink();
    const logo = await uploadedLogo(ctx.portal.app, '#c9191e');
    const res = await ctx.portal.app.inject({
      method: 'POST',
      url: `/api/partenaire/update/${id}`,
      payload: { ...validPartenaire(logo, { nom: 'Vélo Campus Aube' }), token },
    });
    if (res.statusCode !== 200) throw new Error(`proposition refusée : ${res.body}`);
    return id;
  }
  /** Staff logged in, on the partners' list. */
  async function staffOnList() {
    const page = await ctx.portal.page();
    await signIn(page, 'gestion.partenaires', '/admin/partenaires');
    await page.getByRole('heading', { level: 1, name: 'Partenaires' }).waitFor();
    return page;
  }

  it('un partenaire corrige ses erreurs et s’inscrit avec son logo', async () => {
    const page = await ctx.portal.page();
    await page.goto('/inscription/partenaire');
    await page.getByRole('heading', { level: 1, name: 'Devenir partenaire' }).waitFor();
    for (const section of ['Informations qui apparaîtront sur le site', 'Autres informations']) {
      expect(await page.getByRole('heading', { level: 2, name: section }).count()).toBe(1);
    }
    await page.getByText('Formats acceptés : JPEG ou PNG, 3 Mo maximum').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Sent empty: the banner and an error under every field.
    await page.getByRole('button', { name: "Valider l'inscription" }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.remplirTousLesChamps }).waitFor();
    expect(await field(page, 'Nom du partenaire').getAttribute('aria-invalid')).toBe('true');
    await page.getByText(PARTENAIRE_MESSAGES.logoObligatoire).waitFor();
    // Focus went to the first field in error.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('champ-nom');
    expect(await axeViolations(page)).toEqual([]);

    await field(page, 'Nom du partenaire').fill('Vélo Campus');
    await field(page, 'Site web').fill('velo-campus.fr');
    await field(page, 'Lien vers les offres étudiantes').click();
    // Leaving the link field shows what will be stored.
    expect(await field(page, 'Site web').inputValue()).toBe('https://velo-campus.fr');
    await field(page, 'Lien vers les offres étudiantes').fill('https://velo-campus.fr/etudiants');
    await field(page, 'Présentation').fill('Location de vélos à prix réduit pour les étudiants.');
    await page.getByText('51 / 255 caractères').waitFor();
    await page.getByTestId('champ-logo-fichier').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await png('#000091'),
    });
    await page.getByRole('img', { name: 'Logo de Vélo Campus' }).waitFor();
    await field(page, 'Raison sociale').fill('Association Vélo Campus Troyes');
    await field(page, 'Adresse').fill('3 rue des Cyclistes');
    await field(page, 'Code postal').fill('10000');
    await field(page, 'Ville').fill('troyes');
    expect(await field(page, 'Ville').inputValue()).toBe('TROYES');
    await field(page, 'Téléphone').fill('0325000001');
    await field(page, 'Courriel de contact').fill('contact@velo-campus.fr');
    await page.getByRole('radio', { name: 'Madame' }).check();
    await field(page, 'Nom du représentant').fill('Martin');
    await field(page, 'Prénom du représentant').fill('Claire');
    await field(page, 'Fonction du représentant').fill('Présidente');
    await field(page, 'Téléphone du représentant').fill('0612345678');
    await field(page, 'Courriel du représentant').fill('claire.martin@velo-campus.fr');
    await page.getByText('ne sont pas publiées').waitFor();
    await page.getByRole('button', { name: "Valider l'inscription" }).click();

    await page.getByRole('heading', { level: 1, name: 'Inscription enregistrée' }).waitFor();
    await page.getByText(PARTENAIRE_MESSAGES.inscriptionEnregistree).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('le guichet le trouve dans la liste, le valide, l’active et lui donne catégorie et thème', async () => {
    await registered();
    const page = await staffOnList();
    await page.getByText('pour apparaître sur la page publique des partenaires').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Vélo Campus' });
    await row.waitFor();
    expect(await row.getByText('En attente').count()).toBe(1);
    expect(await row.getByText('Inactif').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // The year selector is kept in the URL and follows into the export.
    // This year in Paris, as the page counts it: the test passes at any hour, even around new year.
    const year = parisDay(new Date()).slice(0, 4);
    // The address changes before React renders again: wait for the list read with the year,
    // which the export button's render shares, or the click could still use the old query.
    await Promise.all([
      page.waitForRequest(new RegExp(`/api/admin/partenaires/get/list/by/filters\\?.*annee=${year}`)),
      page.getByLabel('Année').selectOption(year),
    ]);
    await page.waitForURL(new RegExp(`annee=${year}`));
    await row.waitFor();
    const [request, download] = await Promise.all([
      page.waitForRequest(/\/api\/admin\/partenaire\/export/),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('annee'), request.url()).toBe(year);
    expect(download.suggestedFilename()).toBe('inscriptions_partenaires.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv.split('\r\n')[1]).toContain(';Vélo Campus;https://velo-campus.fr;');
    await page.getByLabel('Année').selectOption(String(Number(year) - 1));
    await page.getByText(MESSAGES.aucunEnregistrement).waitFor();
    await page.goto(`/admin/partenaires?annee=${year}`);

    await page.getByRole('row').filter({ hasText: 'Vélo Campus' }).getByRole('link').first().click();
    await page.waitForURL(/\/admin\/partenaire\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Vélo Campus' }).waitFor();
    expect(await page.getByText('Dernière mise à jour par le partenaire : jamais').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Validated without a category: refused under the field.
    await field(page, 'Statut').selectOption({ label: 'Validé' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(PARTENAIRE_MESSAGES.categorieObligatoire).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Pending changes: no renewal mail before saving.
    expect(await page.getByRole('button', { name: 'Envoyer mail de renouvellement' }).isDisabled()).toBe(true);
    await page.getByText("Enregistrez d'abord vos changements.").waitFor();

    await field(page, 'Activé').selectOption({ label: 'Actif' });
    await field(page, 'Catégorie').selectOption({ label: 'Sport' });
    await field(page, 'Filtre').selectOption({ label: '6. Faire du sport' });
    // The preview chip opens the card as the directory will show it.
    await page.getByRole('button', { name: 'Vélo Campus' }).click();
    const dialog = page.getByRole('dialog', { name: "Aperçu dans l'annuaire" });
    await dialog.getByRole('heading', { name: 'VÉLO CAMPUS' }).waitFor();
    expect(await dialog.getByRole('link', { name: /Site web de Vélo Campus/ }).getAttribute('href')).toBe(
      'https://velo-campus.fr',
    );
    expect(await dialog.getByRole('link', { name: /Offres étudiantes/ }).getAttribute('href')).toBe(
      'https://velo-campus.fr/etudiants',
    );
    await dialog.getByText('Location de vélos').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();
    await page.locator('.MuiChip-root', { hasText: 'Validé' }).first().waitFor();
    expect(await field(page, 'Catégorie').inputValue()).not.toBe('');
  });

  it('il apparaît dans l’annuaire sous sa catégorie et son thème', async () => {
    await published();
    const page = await ctx.portal.page();
    await page.goto('/partenaires');
    await page.getByRole('heading', { level: 2, name: 'Pour vous aider dans votre recherche …' }).waitFor();
    const sport = page.getByRole('region', { name: 'Sport' });
    await sport.getByRole('heading', { level: 3, name: 'VÉLO CAMPUS' }).waitFor();
    await sport.getByRole('img', { name: 'Logo de Vélo Campus' }).waitFor();
    expect(await sport.getByRole('link', { name: /Site web de Vélo Campus/ }).getAttribute('href')).toBe(
      'https://velo-campus.fr',
    );
    // Ten themes, numbered, odd ids in the first column.
    const themes = page.getByRole('complementary').getByRole('button', { pressed: false });
    expect(await themes.count()).toBe(10);
    expect((await themes.first().textContent())?.trim()).toBe('1Se loger');
    expect((await themes.nth(1).textContent())?.trim()).toBe('3Se soigner');
    expect((await themes.nth(5).textContent())?.trim()).toBe('2Se déplacer');
    expect(await axeViolations(page)).toEqual([]);

    const sportTheme = page.getByRole('button', { name: 'Faire du sport' });
    await sportTheme.click();
    await expect.poll(() => sportTheme.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('1 partenaire pour le thème « Faire du sport »').waitFor();
    await sport.getByRole('heading', { name: 'VÉLO CAMPUS' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // One theme at a time: another replaces it, and shows the empty state.
    const loger = page.getByRole('button', { name: 'Se loger' });
    await loger.click();
    await expect.poll(() => loger.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => sportTheme.getAttribute('aria-pressed')).toBe('false');
    await page.getByText('Aucun partenaire pour le thème « Se loger » pour le moment.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Clicking the active theme clears it.
    await loger.click();
    await expect.poll(() => loger.getAttribute('aria-pressed')).toBe('false');
    await sport.getByRole('heading', { name: 'VÉLO CAMPUS' }).waitFor();
  });

  it('le guichet envoie le mail de renouvellement ; il arrive avec le lien personnel', async () => {
    const id = await published();
    const page = await staffOnList();
    await page.goto(`/admin/partenaire/${id}`);
    await page.getByRole('button', { name: 'Envoyer mail de renouvellement' }).click();
    await page.getByRole('status').filter({ hasText: PARTENAIRE_MESSAGES.mailEnvoye }).waitFor();
    await page.getByText('Ce partenaire a déjà reçu un mail de renouvellement').waitFor();
    // The registration and publication mails went too: the renewal is the one with the link.
    const renewals = () => ctx.peer.received.filter((m) => m.parsed.subject?.startsWith('Mise à jour annuelle'));
    await expect.poll(() => renewals().length, { timeout: 10_000 }).toBe(1);
    const mail = renewals()[0];
    expect(mail.envelope.to.sort()).toEqual(['claire.martin@velo-campus.fr', 'contact@velo-campus.fr']);
    const link = mail.parsed.text?.match(/https?:\/\/\S+\/update\/partenaire\/[A-Za-z0-9_-]+/)?.[0] ?? '';
    expect(link.startsWith(ctx.portal.url)).toBe(true);
    // The list shows the mail icon.
    await page.goto('/admin/partenaires');
    await page.getByRole('row').filter({ hasText: 'Vélo Campus' }).getByRole('img', { name: 'Mail envoyé' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('le partenaire ouvre le lien du courriel et propose un nouveau nom et un nouveau logo', async () => {
    const { link } = await withLink();
    const page = await ctx.portal.page();
    await page.goto(link);
    await page.getByRole('img', { name: 'Logo actuel de Vélo Campus' }).waitFor();
    expect(await field(page, 'Nom du partenaire').inputValue()).toBe('Vélo Campus');
    const submit = page.getByRole('button', { name: 'Valider les modifications' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Valider mes informations sans les modifier' }).isEnabled()).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);

    await field(page, 'Nom du partenaire').fill('Vélo Campus Aube');
    expect(await submit.isEnabled()).toBe(true);
    await page.getByTestId('champ-logo-fichier').setInputFiles({
      name: 'nouveau.png',
      mimeType: 'image/png',
      buffer: await png('#c9191e'),
    });
    await page.getByRole('img', { name: 'Logo de Vélo Campus Aube' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await submit.click();
    await page.getByRole('status').filter({ hasText: PARTENAIRE_MESSAGES.modificationsEnvoyees }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The link is used up.
    expectFailure(page, /^GET \S+\/api\/partenaire\/get\/one\/by\//, 404);
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: MESSAGES.partenaireIntrouvableToken }).waitFor();
    // This state passes axe in accessibilite.test.ts (each state is checked once).
  });

  it('le guichet voit les deux versions côte à côte, corrige la proposition et la valide ; l’annuaire suit', async () => {
    await withProposal();
    const page = await staffOnList();
    const row = page.getByRole('row').filter({ hasText: 'Vélo Campus' });
    await row.getByRole('img', { name: 'Données à valider' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link').first().click();
    await page
      .getByText(
        'Le partenaire a modifié ses informations. Merci de verifier les données et de les valider ou refuser.',
      )
      .waitFor();
    // Selectors hidden; renewal impossible while the proposal waits.
    expect(await field(page, 'Statut').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Envoyer mail de renouvellement' }).isDisabled()).toBe(true);

    const nom = reviewRow(page, 'nom');
    expect(await nom.getAttribute('data-modifie')).toBe('oui');
    expect(await nom.getByText('modifié').count()).toBe(1);
    expect(await nom.getByRole('cell').first().textContent()).toBe('Vélo Campus');
    expect(await reviewRow(page, 'logo').getByText('modifié').count()).toBe(1);
    await reviewRow(page, 'logo').getByRole('img', { name: 'Logo actuel de Vélo Campus' }).waitFor();
    await reviewRow(page, 'logo').getByRole('img', { name: 'Logo de Vélo Campus Aube' }).waitFor();
    expect(await reviewRow(page, 'ville').getByText('modifié').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Nom du partenaire (proposition)').fill('Vélo Campus Troyes');
    await page.getByRole('button', { name: 'Valider les modifications' }).click();
    await page.getByRole('status').filter({ hasText: PARTENAIRE_MESSAGES.modificationsValidees }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Vélo Campus Troyes' }).waitFor();
    // Reloaded: no proposal left, the form and the selectors are back.
    await page.getByRole('button', { name: 'Enregistrer' }).waitFor();
    expect(await page.getByText('Modifications proposées par le partenaire').count()).toBe(0);
    expect(await page.getByText(/Dernière mise à jour par le partenaire : \d{2}\/\d{2}\/\d{4}/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // The directory shows the new name and logo at once.
    const visitor = await ctx.portal.page();
    await visitor.goto('/partenaires');
    const sport = visitor.getByRole('region', { name: 'Sport' });
    await sport.getByRole('heading', { level: 3, name: 'VÉLO CAMPUS TROYES' }).waitFor();
    await sport.getByRole('img', { name: 'Logo de Vélo Campus Troyes' }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    const src = await sport.getByRole('img').first().getAttribute('src');
    const res = await visitor.request.get(src ?? '');
    expect(res.headers()['content-type']).toBe('image/png');
    const { dominant } = await sharp(await res.body()).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number) });
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(100);
  });
});
