import { DIGEST_MESSAGES } from '@guichet/contract';
import { describe, expect, it } from 'vitest';
import { inscriptions } from '../server/src/db/schema.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { runJob } from '../server/src/jobs.ts';
import { axeViolations, portalWithMail, signIn } from './harness.ts';

describe('résumé quotidien dans Chromium', () => {
  const ctx = portalWithMail();

  it('un agent sans adresse la saisit dans « Mon compte », coche le résumé, le reçoit et suit son lien', async () => {
    await ctx.portal.agent('agent.logement', ['ROLE_USER']);
    await ctx.portal.database.db.insert(inscriptions).values(storedOffer(1, 'NOUVELLE'));
    const page = await ctx.portal.page();
    await signIn(page, 'agent.logement', '/admin/inscriptions');
    await page.getByRole('button', { name: 'Dominique Agent' }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();

    // No address yet: the box is greyed, and says what to do.
    const box = page.getByRole('checkbox', { name: 'Recevoir un résumé quotidien par courriel' });
    await page.getByText(DIGEST_MESSAGES.sansAdresse).waitFor();
    expect(await box.isDisabled()).toBe(true);

    // A space in the address: refused on the page, the focus on the field, nothing sent.
    const adresse = page.getByRole('textbox', { name: 'Adresse électronique' });
    await adresse.fill('agent logement@guichet.example.fr');
    await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
    await page.getByText(DIGEST_MESSAGES.adresseInvalide).waitFor();
    expect(await adresse.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Typed with capitals: saved in lower case; the box can now be ticked.
    await adresse.fill('Agent.Logement@Guichet.Example.fr');
    await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
    await page.getByRole('status').filter({ hasText: DIGEST_MESSAGES.adresseEnregistree }).waitFor();
    await page.getByText('Chaque matin, à agent.logement@guichet.example.fr').waitFor();
    // The box shows the server's answer: ticked once the choice is recorded, not at the click.
    await box.click();
    await page.getByRole('status').filter({ hasText: DIGEST_MESSAGES.active }).waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/mon-compte-resume.png', fullPage: true });

    // The morning job: one mail to that address, with a link to the offers waiting.
    await runJob(ctx.portal.database.db, ctx.portal.app.config, 'digest');
    await expect.poll(() => ctx.peer.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = ctx.peer.received;
    expect(mail.envelope.to).toEqual(['agent.logement@guichet.example.fr']);
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Offres de logement : 1 reçue depuis hier');
    const link = /https?:\/\/\S+(\/admin\/inscriptions\?f\.statut=1)/.exec(text)?.[1];
    expect(link, text).toBeDefined();
    await page.goto(link as string);
    await page.getByRole('row').filter({ hasText: 'NOUVELLE' }).waitFor();

    // Removed, the address takes the digest with it.
    await page.goto('/admin/compte');
    await adresse.fill('');
    await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
    await page.getByRole('status').filter({ hasText: DIGEST_MESSAGES.adresseSupprimee }).waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await box.isDisabled()).toBe(true);
  });
});
