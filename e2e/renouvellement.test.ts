import { STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { partenaires } from '../server/src/db/schema.ts';
import { uploadedLogo, validPartenaire } from '../server/src/features/partenaires/partenaires.fixtures.ts';
import { axeViolations, portalWithMail, signIn } from './harness.ts';

/** « Alpha Sport » → alpha-sport, a mailbox of its own for each partner. */
const slug = (nom: string) => nom.toLowerCase().replace(/\W+/g, '-');

describe('campagne de renouvellement depuis la liste des partenaires, dans Chromium', () => {
  const ctx = portalWithMail();
  let logo: string;

  beforeEach(async () => {
    await ctx.portal.agent('gestion.partenaires', ['ROLE_USER']);
    logo = await uploadedLogo(ctx.portal.app);
  });

  /** A partner registered through the public form, then validated (or as asked) in the database. */
  async function partner(nom: string, set: { statut?: number; proposition?: boolean } = {}) {
    const mails = { mail: `${slug(nom)}@exemple.fr`, mailR: `direction.${slug(nom)}@exemple.fr` };
    const res = await ctx.portal.app.inject({
      method: 'POST',
      url: '/api/partenaire/add',
      payload: validPartenaire(logo, { nom, ...mails }),
    });
    if (res.statusCode !== 200) throw new Error(`inscription refusée : ${res.body}`);
    await ctx.portal.database.db
      .update(partenaires)
      .set({
        statutId: set.statut ?? STATUT.valide,
        actif: true,
        tempdata: set.proposition ? validPartenaire(logo, { nom: `${nom} (nouveau nom)` }) : null,
      })
      .where(eq(partenaires.nom, nom));
  }
  async function staffOnList() {
    const page = await ctx.portal.page();
    await signIn(page, 'gestion.partenaires', '/admin/partenaires');
    await page.getByRole('heading', { level: 1, name: 'Partenaires' }).waitFor();
    return page;
  }
  const row = (page: Page, nom: string) => page.getByRole('row').filter({ hasText: nom });
  /** The renewal mails delivered (the registration receipts go too, and are left aside). */
  const renewals = () => ctx.peer.received.filter((m) => m.parsed.subject?.startsWith('Mise à jour annuelle'));
  const recipients = () =>
    renewals()
      .map((m) => m.envelope.to.find((to) => !to.startsWith('direction.')))
      .sort();

  it('pas de cases à cocher : la campagne vise la liste filtrée ; la confirmation dit combien de partenaires et de courriels', async () => {
    await partner('Alpha Sport');
    await partner('Bravo Culture');
    await partner('Charlie Sport');
    await partner('Delta Sport', { proposition: true });
    const page = await staffOnList();
    await row(page, 'Delta Sport').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('sport');
    await page.getByText('1–3 sur 3').waitFor();
    await page.getByRole('button', { name: 'Envoyer le mail de renouvellement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mail de renouvellement' });
    await dialog
      .getByText(
        '3 partenaires correspondent à la liste filtrée : 2 recevront le mail de renouvellement (2 courriels). L’autre n’est pas validé ou a des modifications en attente : il ne recevra rien.',
      )
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Envoyer 2 courriels' }).click();
    await dialog.getByText('2 envoyés, 1 ignoré (modifications en attente)').waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    await expect.poll(() => renewals().length, { timeout: 15_000 }).toBe(2);
    expect(recipients()).toEqual(['alpha-sport@exemple.fr', 'charlie-sport@exemple.fr']);
    expect(renewals()[0].parsed.subject).toBe('Mise à jour annuelle de vos informations — Guichet numérique étudiant');
    // The list says who was mailed and is waiting for an answer.
    await row(page, 'Alpha Sport').getByRole('gridcell', { name: 'Sans réponse' }).waitFor();
    await row(page, 'Delta Sport').getByRole('gridcell', { name: '—' }).waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
    await row(page, 'Bravo Culture').getByRole('gridcell', { name: '—' }).waitFor();
  });

  it('toute la liste : envoi par lots, progression, bilan', async () => {
    for (let i = 1; i <= 21; i++) await partner(`Lot ${String(i).padStart(2, '0')}`);
    await partner('Lot en attente de validation', { statut: STATUT.enAttente });
    await partner('Lot avec modifications', { proposition: true });
    const page = await staffOnList();
    await page.getByText('1–10 sur 23').waitFor();

    // The second batch waits until the progress has been read.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    await page.route('**/api/admin/partenaires/renouvellement', async (route) => {
      if (++calls === 2) await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Envoyer le mail de renouvellement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mail de renouvellement' });
    await dialog.getByText(/^23 partenaires correspondent à la liste filtrée : 21 recevront/).waitFor();
    await dialog.getByRole('button', { name: 'Envoyer 21 courriels' }).click();
    await dialog.getByText('Envoi en cours : 20 sur 23 partenaires traités').waitFor();
    expect(
      await dialog.getByRole('progressbar', { name: 'Progression de l’envoi' }).getAttribute('aria-valuenow'),
    ).toBe('87');
    release();
    await dialog
      .getByText('21 envoyés, 1 ignoré (modifications en attente), 1 ignoré (partenaire non validé)')
      .waitFor();
    expect(calls).toBe(2);

    await expect.poll(() => renewals().length, { timeout: 20_000 }).toBe(21);
    const sent = recipients();
    expect(sent).not.toContain('lot-en-attente-de-validation@exemple.fr');
    expect(sent).not.toContain('lot-avec-modifications@exemple.fr');
    expect(new Set(sent).size).toBe(21);
  });
});
