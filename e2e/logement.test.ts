import { ETUDIANT_MESSAGES, LIEN_INVALIDE, LIEN_PERDU_REPONSE, MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { etudiants, inscriptions } from '../server/src/db/schema.ts';
import { pdfText } from '../server/src/features/etudiants/pdf-text.testing.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { type SmtpPeer, startSmtpPeer } from '../server/test/smtp-peer.ts';
import { axeViolations, expectFailure, login, type Portal, startPortal } from './harness.ts';
import { fillValidOffer } from './wizard.ts';

/** The personal page's path in a mail: /logement/<token>, whatever PUBLIC_URL says. */
const PERSONAL_PATH = /\/logement\/[A-Za-z0-9_-]{43}/;
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent ?? ''}`);

describe('page personnelle du propriétaire dans Chromium', () => {
  let portal: Portal;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    portal = await startPortal({ SMTP_URL: peer.url });
  });
  beforeEach(async () => {
    await portal.reset();
    peer.received.length = 0;
  });
  afterAll(async () => {
    await portal?.close();
    await peer?.close();
  });

  /** The one mail to `to`, once delivered: its text and the personal page's path it carries. */
  async function mailTo(to: string) {
    await expect
      .poll(() => peer.received.filter((m) => m.envelope.to.includes(to)).length, { timeout: 15_000 })
      .toBe(1);
    const mail = peer.received.find((m) => m.envelope.to.includes(to));
    const text = mail?.parsed.text ?? '';
    const path = PERSONAL_PATH.exec(text)?.[0];
    if (!path) throw new Error(`aucun lien personnel dans le courriel : ${text}`);
    return { subject: mail?.parsed.subject ?? '', path };
  }

  /**
   * A student's request, validated by staff from the students' table (`staff` logged in): the text
   * of the housing list attached to the mail it sends.
   */
  async function housingListFor(staff: Page, email: string) {
    await portal.database.db.insert(etudiants).values({ email, cp: '10000', ville: 'TROYES', ecole: 'UTT' });
    await staff.goto('/admin/etudiants');
    await staff.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
    await staff.getByRole('button', { name: 'Valider et envoyer le mail' }).click();
    await staff
      .getByRole('dialog', { name: 'Valider 1 demande ?' })
      .getByRole('button', { name: 'Valider et envoyer 1 courriel' })
      .click();
    await staff
      .getByRole('status')
      .filter({ hasText: ETUDIANT_MESSAGES.validees(1) })
      .waitFor();
    await expect
      .poll(() => peer.received.filter((m) => m.envelope.to.includes(email)).length, { timeout: 15_000 })
      .toBe(1);
    const [pdf] = peer.received.find((m) => m.envelope.to.includes(email))?.parsed.attachments ?? [];
    expect(pdf?.filename).toBe('Liste des logements privés.pdf');
    return pdfText(pdf.content);
  }

  it('de l’assistant au courriel de réception, à la liste des logements, puis « Mon logement est loué » : l’offre quitte la liste du prochain étudiant', async () => {
    // Another landlord's validated offer, with the same phone: it stays in every list.
    await portal.database.db
      .insert(inscriptions)
      .values(storedOffer(STATUT.valide, 'FRANÇOIS', { email: 'h.francois@example.fr', telephone: '0611223344' }));
    await portal.agent('gestion.logements', ['ROLE_USER']);
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await fillValidOffer(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { level: 2, name: 'Merci, votre offre de logement est enregistrée' }).waitFor();

    const receipt = await mailTo('lea.durand@example.fr');
    expect(receipt.subject).toContain('Votre offre de logement a bien été reçue');
    await page.goto(receipt.path);
    await page.getByRole('heading', { level: 1, name: 'Mon offre de logement' }).waitFor();
    const statut = page.getByRole('region', { name: 'Statut de votre offre' });
    await statut.getByText('En attente', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Propriétaire' }).textContent()).toContain('lea.durand@example.fr');
    // Not validated yet: nothing to confirm, but it can be let or withdrawn.
    expect(await page.getByRole('button', { name: 'Toujours disponible' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Staff open the new offer from their list, flagged as a possible duplicate of the other one
    // (same phone), and validate it.
    const [francois] = await portal.database.db
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.email, 'h.francois@example.fr'));
    const staff = await portal.page();
    await login(staff, 'gestion.logements');
    await staff.waitForURL(/\/admin\/inscriptions$/);
    const row = staff.getByRole('row').filter({ hasText: 'lea.durand@example.fr' });
    await row.getByText('Doublon possible').waitFor();
    await row.getByRole('link').click();
    await staff.getByRole('heading', { level: 1, name: 'Logement de Léa DURAND' }).waitFor();
    const doublon = staff.getByRole('region', { name: 'Doublon possible' });
    expect(await doublon.textContent()).toContain(`Voir l’offre n° ${francois.id} : même téléphone`);
    expect(await doublon.getByRole('link').getAttribute('href')).toBe(`/admin/inscription/${francois.id}`);
    expect(await axeViolations(staff)).toEqual([]);
    await staff.getByLabel('Statut', { exact: true }).selectOption({ label: 'Validé' });
    await staff.getByRole('button', { name: 'Enregistrer' }).click();
    await staff.getByRole('status').filter({ hasText: MESSAGES.enregistrementReussi }).waitFor();
    await page.reload();
    await statut.getByText('Validé', { exact: true }).waitFor();

    // A student's list now has it, beside the other offer.
    const before = await housingListFor(staff, 'premiere.etudiante@example.fr');
    expect(before).toContain('Propriétaire : Léa DURAND');
    expect(before).toContain('Propriétaire : Hélène FRANÇOIS');

    // Keyboard only: the button, the dialog's reason field, the confirmation.
    await page.getByRole('button', { name: 'Mon logement est loué' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Votre logement est loué ?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('quittera aussitôt la liste des logements');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Précisions (facultatif)' }).fill('Loué à une étudiante');
    await dialog.getByRole('button', { name: 'Confirmer : mon logement est loué' }).click();

    const banner = page.getByRole('status').filter({ hasText: 'retiré de la liste' });
    await banner.waitFor();
    await expect.poll(() => focused(page)).toContain('retiré de la liste');
    await statut.getByText('Archivé', { exact: true }).waitFor();
    await statut.getByText('Loué à une étudiante').waitFor();
    expect(await page.getByRole('button', { name: 'Mon logement est loué' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retirer mon offre' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const [offer] = await portal.database.db
      .select()
      .from(inscriptions)
      .where(eq(inscriptions.email, 'lea.durand@example.fr'));
    expect(offer).toMatchObject({ statutId: STATUT.archive, motifArchivage: 'loue' });
    expect(offer.motifArchivageTexte).toBe('Loué à une étudiante');
    // The next student's list no longer has it; the other offer is still there.
    const after = await housingListFor(staff, 'etudiante.suivante@example.fr');
    expect(after).not.toContain('DURAND');
    expect(after).toContain('Propriétaire : Hélène FRANÇOIS');
    // The same link on another day: the offer, archived, and nothing to press.
    await page.goto(`${receipt.path}?reponse=loue`);
    await statut.getByText('Archivé', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).count()).toBe(0);
  });

  it('le bouton « Loué » d’un courriel ouvre la page sur ce bouton sans rien changer', async () => {
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await fillValidOffer(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    const { path } = await mailTo('lea.durand@example.fr');
    await page.goto(`${path}?reponse=loue`);
    await expect.poll(() => focused(page)).toBe('BUTTON Mon logement est loué');
    const [offer] = await portal.database.db
      .select()
      .from(inscriptions)
      .where(eq(inscriptions.statutId, STATUT.enAttente));
    expect(offer).toBeDefined();
  });

  it('un lien invalide le dit et permet d’en recevoir un nouveau ; le lien perdu se demande aussi depuis l’assistant', async () => {
    const page = await portal.page();
    await page.goto('/inscription/proprietaire');
    await fillValidOffer(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await mailTo('lea.durand@example.fr');
    peer.received.length = 0;

    expectFailure(page, /^GET .*\/api\/logement\/[^/]+$/, 404);
    await page.goto(`/logement/${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: LIEN_INVALIDE }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('lea.durand@example.fr');
    await page.getByRole('button', { name: 'Recevoir mon lien' }).click();
    await page.getByRole('status').filter({ hasText: LIEN_PERDU_REPONSE }).waitFor();
    const { path } = await mailTo('lea.durand@example.fr');
    peer.received.length = 0;

    // From the wizard's page, an unknown address gets the very same answer.
    await page.goto('/inscription/proprietaire');
    await page.getByRole('button', { name: 'Recevoir à nouveau mon lien' }).click();
    await page
      .getByRole('textbox', { name: /^Adresse e-mail/ })
      .first()
      .fill('inconnu@example.fr');
    await page.getByRole('button', { name: 'Recevoir mon lien' }).click();
    await page.getByRole('status').filter({ hasText: LIEN_PERDU_REPONSE }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The new link opens the offer.
    await page.goto(path);
    await page
      .getByRole('region', { name: 'Statut de votre offre' })
      .getByText('En attente', { exact: true })
      .waitFor();
  });
});
