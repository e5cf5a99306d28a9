import { MODIFICATION_MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inscriptionEvenements, inscriptions } from '../server/src/db/schema.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { createLandlordLink } from '../server/src/features/inscriptions/landlord-links.ts';
import { axeViolations, portalWithMail } from './harness.ts';

describe('offre refusée sur la page personnelle, dans Chromium', () => {
  const ctx = portalWithMail();

  it('montre le motif, aucun bouton sans effet, puis « Corriger et renvoyer » la remet « En attente »', async () => {
    const db = ctx.portal.database.db;
    const [{ id }] = await db
      .insert(inscriptions)
      .values(storedOffer(STATUT.refuse, 'REFUSEE'))
      .returning({ id: inscriptions.id });
    await db
      .insert(inscriptionEvenements)
      .values({ inscriptionId: id, type: 'refusee', date: new Date(), detail: 'Adresse incomplète.' });
    const token = await createLandlordLink(db, id, new Date());
    const page = await ctx.portal.page();
    await page.goto(`/logement/${token}?reponse=loue`);
    const statut = page.getByRole('region', { name: 'Statut de votre offre' });
    await statut.getByText('Adresse incomplète.').waitFor();
    expect(await statut.textContent()).not.toContain('confirmée le');
    for (const name of ['Mon logement est loué', 'Retirer mon offre', 'Toujours disponible', 'Modifier mon offre'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByText(/cliquez sur le bouton/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Corriger et renvoyer' }).click();
    const form = page.getByRole('region', { name: 'Corriger et renvoyer mon offre' });
    await form.getByRole('textbox', { name: /^Adresse du logement/ }).fill('3 rue Émile Zola, bâtiment B');
    await form.getByRole('button', { name: 'Renvoyer mon offre au guichet' }).click();
    await page.getByRole('status').filter({ hasText: MODIFICATION_MESSAGES.renvoyee }).waitFor();
    await statut.getByText('En attente', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mon logement est loué' }).waitFor();
    const [row] = await db.select().from(inscriptions).where(eq(inscriptions.id, id));
    expect(row.statutId).toBe(STATUT.enAttente);
  });
});
