import { readFileSync } from 'node:fs';
import { BANNER_MS, ETUDIANT_FIELD_MESSAGES, ETUDIANT_MESSAGES, FIELD_MESSAGES, MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { etudiants, inscriptions } from '../server/src/db/schema.ts';
import { pdfText } from '../server/src/features/etudiants/pdf-text.testing.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { skipBanner } from './banner-clock.ts';
import { axeViolations, expectFailure, portalWithMail, signIn } from './harness.ts';

/** A labelled field, whatever required-marker MUI appends to its label. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}[\\s\u2009*]*$`));
}
/** The error text linked to a field (aria-describedby), as a screen reader announces it. */
async function errorOf(page: Page, label: string) {
  const input = field(page, label);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  return page.locator(`#${await input.getAttribute('aria-describedby')}`).textContent();
}

describe('demandes étudiants dans Chromium', () => {
  const ctx = portalWithMail();
  // Each test starts from the same offers and requests, and an empty mailbox: it can run alone.
  beforeEach(async () => {
    await ctx.portal.agent('gestion.etudiants', ['ROLE_USER']);
    const db = ctx.portal.database.db;
    // One validated housing offer for the list, one pending that must stay out of it.
    await db.insert(inscriptions).values([
      storedOffer(2, 'FRANÇOIS', {
        email: 'h.francois@example.fr',
        chauffage: 'Collectif',
        parking: 'Non',
        typeParking: null,
        localVelo: true,
      }),
      storedOffer(1, 'ENATTENTE'),
    ]);
    // Requests made earlier by students.
    await db.insert(etudiants).values([
      {
        email: 'lea.etudiante@example.fr',
        cp: '10000',
        ville: 'TROYES',
        ecole: 'Lycée Marie de Champagne',
        date: new Date('2026-01-06T09:00:00Z'),
      },
      {
        email: 'theo.autre@example.fr',
        cp: '10300',
        ville: 'SAINTE-SAVINE',
        ecole: 'IUT',
        date: new Date('2026-01-05T09:00:00Z'),
      },
      {
        email: 'disparu@example.fr',
        cp: '10000',
        ville: 'TROYES',
        ecole: 'UTT',
        date: new Date('2026-01-04T09:00:00Z'),
      },
    ]);
  });

  it('un étudiant corrige ses erreurs puis reçoit la confirmation de sa demande', async () => {
    const page = await ctx.portal.page();
    await page.goto('/demande/etudiant');
    await page.getByRole('heading', { level: 1, name: 'Demander la liste des logements' }).waitFor();
    expect(await page.getByRole('link', { name: 'données personnelles', exact: true }).getAttribute('href')).toBe(
      '/donnees-personnelles',
    );
    expect(await axeViolations(page)).toEqual([]);

    // Sent empty, then with a short postal code: the page checks it with the contract's schema and
    // sends nothing (any 400 would fail the test); only the corrected request goes out.
    const sent: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/etudiant/add') sent.push(req.method());
    });
    // Sent empty: the banner, and every field says what is wrong.
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.remplirTousLesChamps }).waitFor();
    for (const label of ['Adresse de courriel', 'Code postal', 'Ville', 'École envisagée']) {
      expect(await errorOf(page, label)).toBe(FIELD_MESSAGES.obligatoire);
    }
    // Focus goes to the first field to correct.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('champ-email');
    expect(await axeViolations(page)).toEqual([]);

    await field(page, 'Adresse de courriel').fill('zoe.nouvelle@example.fr');
    await field(page, 'Code postal').pressSequentially('1000');
    await field(page, 'Ville').pressSequentially('troyes');
    expect(await field(page, 'Ville').inputValue()).toBe('TROYES');
    await field(page, 'École envisagée').selectOption('Lycée Marie de Champagne');
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'champ-cp');
    expect(await errorOf(page, 'Code postal')).toBe(ETUDIANT_FIELD_MESSAGES.cpFrance);
    expect(await field(page, 'Adresse de courriel').getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([]);

    await field(page, 'Code postal').pressSequentially('0');
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demande enregistrée' }).waitFor();
    await page.getByRole('status').filter({ hasText: ETUDIANT_MESSAGES.demandeEnregistree }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const [row] = await ctx.portal.database.db
      .select()
      .from(etudiants)
      .where(eq(etudiants.email, 'zoe.nouvelle@example.fr'));
    expect(row).toMatchObject({ cp: '10000', ville: 'TROYES', ecole: 'Lycée Marie de Champagne', statutId: 1 });
  });

  it('une étudiante qui vit en Belgique envoie sa demande depuis son téléphone', async () => {
    const page = await ctx.portal.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/demande/etudiant');
    await field(page, 'Adresse de courriel').fill('ines.bruxelles@example.be');
    await field(page, 'Code postal').pressSequentially('1050');
    await field(page, 'Ville').pressSequentially('Bruxelles');
    await field(page, 'École envisagée').selectOption('UTT');
    // Every field filled, the country left on France: the banner names the postal code, it does
    // not ask to fill every field, and nothing is sent.
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    const banner = page.getByRole('alert');
    await banner.filter({ hasText: 'Code postal' }).waitFor();
    expect(await banner.textContent()).not.toContain(MESSAGES.remplirTousLesChamps);
    expect(await errorOf(page, 'Code postal')).toBe(ETUDIANT_FIELD_MESSAGES.cpFrance);

    // The country, searched by its first letters and chosen in the list.
    const pays = page.getByRole('combobox', { name: /^Pays/ });
    await pays.tap();
    await pays.pressSequentially('belg');
    await page.getByRole('listbox').getByRole('option', { name: 'Belgique' }).tap();
    expect(await pays.inputValue()).toBe('Belgique');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demande enregistrée' }).waitFor();

    const [row] = await ctx.portal.database.db
      .select()
      .from(etudiants)
      .where(eq(etudiants.email, 'ines.bruxelles@example.be'));
    expect(row).toMatchObject({ pays: 'BE', cp: '1050', ville: 'BRUXELLES', ecole: 'UTT', statutId: 1 });
  });

  it('un agent valide deux demandes : les courriels partent avec la liste et le tableau montre « Validé »', async () => {
    const page = await ctx.portal.page();
    await signIn(page, 'gestion.etudiants', '/admin/inscriptions');
    await page
      .getByRole('navigation', { name: "Menu d'administration" })
      .getByRole('link', { name: 'Etudiants' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Demandes étudiants' }).waitFor();
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row('lea.etudiante@example.fr').waitFor();
    // Newest first; the address column shows postal code and city.
    expect(await row('theo.autre@example.fr').textContent()).toContain('10300 SAINTE-SAVINE');
    const valider = page.getByRole('button', { name: 'Valider et envoyer le mail' });
    const refuser = page.getByRole('button', { name: 'Refuser' });
    expect(await valider.isDisabled()).toBe(true);
    expect(await refuser.isDisabled()).toBe(true);

    await row('lea.etudiante@example.fr').getByRole('checkbox').check();
    await row('theo.autre@example.fr').getByRole('checkbox').check();
    await page.getByText('2 lignes sélectionnées').waitFor();
    expect(await valider.isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.clock.install();
    await valider.click();
    // Mails go out only once the agent confirms, told how many.
    const confirm = page.getByRole('dialog', { name: 'Valider 2 demandes ?' });
    await confirm.getByText('2 courriels avec la liste des logements partiront aussitôt.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Valider et envoyer 2 courriels' }).click();
    const banner = page.getByRole('status').filter({ hasText: ETUDIANT_MESSAGES.validees(2) });
    await banner.waitFor();
    await row('lea.etudiante@example.fr').getByText('Validé').waitFor();
    await row('theo.autre@example.fr').getByText('Validé').waitFor();
    expect(await row('disparu@example.fr').getByText('En attente').count()).toBe(1);
    await page.getByText('Aucune ligne sélectionnée').waitFor();
    // The success banner leaves after 3 seconds.
    await skipBanner(page, banner, BANNER_MS.succes);

    // Who validated it: the request's history, from its row; closing gives the focus back.
    const historique = row('lea.etudiante@example.fr').getByRole('button', {
      name: 'Historique de la demande de lea.etudiante@example.fr',
    });
    await historique.click();
    const dialog = page.getByRole('dialog', { name: 'Demande de lea.etudiante@example.fr' });
    await dialog.getByText('Demande étudiante validée, par Dominique Agent (gestion.etudiants)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => historique.evaluate((el) => el === document.activeElement)).toBe(true);

    // The dispatcher delivers both mails to the SMTP server, each with the housing list.
    await expect.poll(() => ctx.peer.received.length, { timeout: 15_000 }).toBe(2);
    expect(ctx.peer.received.map((m) => m.envelope.to[0]).sort()).toEqual([
      'lea.etudiante@example.fr',
      'theo.autre@example.fr',
    ]);
    for (const mail of ctx.peer.received) {
      const [pdf] = mail.parsed.attachments;
      expect(pdf.filename).toBe('Liste des logements privés.pdf');
      const text = pdfText(pdf.content);
      expect(text).toContain('Propriétaire : Hélène FRANÇOIS');
      expect(text).not.toContain('ENATTENTE');
    }

    // The statut filter now finds them as validated.
    await field(page, 'Statut').click();
    await page.getByRole('option', { name: 'Validé' }).click();
    await page.getByText('Aucune ligne sélectionnée').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@example.fr' }).count()).toBe(2);
  });

  it('un refus qui échoue affiche « Une erreur est survenue. » et ne change pas les lignes', async () => {
    const page = await ctx.portal.page();
    await signIn(page, 'gestion.etudiants', '/admin/etudiants');
    const row = page.getByRole('row').filter({ hasText: 'disparu@example.fr' });
    await row.waitFor();
    // Someone else removed this request meanwhile: the server answers 404.
    await ctx.portal.database.db.delete(etudiants).where(eq(etudiants.email, 'disparu@example.fr'));
    expectFailure(page, 'PUT /api/admin/etudiants/update', 404);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Refuser' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.erreurEtudiants });
    await alert.waitFor();
    // The server's reason names the request, by its number and e-mail.
    expect(await alert.textContent()).toMatch(/introuvable \(n° \d+, disparu@example\.fr\)/);
    expect(await row.getByText('En attente').count()).toBe(1);
    expect(await page.getByText('1 ligne sélectionnée').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // The export carries the table's rows, under its accented file name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inscriptions_étudiants.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain('lea.etudiante@example.fr');
  });
});
