import { COURRIEL_MESSAGES } from '@guichet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { etudiants, inscriptions, mailOutbox } from '../server/src/db/schema.ts';
import { storedOffer } from '../server/src/features/inscriptions/inscriptions.fixtures.ts';
import { type SmtpPeer, startSmtpPeer } from '../server/test/smtp-peer.ts';
import { type SmtpRelay, startSmtpRelay } from '../server/test/smtp-relay.ts';
import { axeViolations, type Portal, signIn, startPortal } from './harness.ts';

describe('journal des courriels dans Chromium', () => {
  let portal: Portal;
  /**
   * The portal's mail server: out of service (each connection closed) until the test lets it
   * through to a peer. The relay's port stays held all along: a freed port could be taken by
   * another test file's mail server, and the mails would then leave or hang instead of failing.
   */
  let relay: SmtpRelay;
  let peer: SmtpPeer;
  beforeAll(async () => {
    relay = await startSmtpRelay();
    peer = await startSmtpPeer();
    portal = await startPortal({ SMTP_URL: relay.url });
  });
  beforeEach(async () => {
    await portal.reset();
    await portal.agent('chef.guichet', ['ROLE_ADMIN']);
    await portal.agent('agent.guichet', ['ROLE_USER']);
    const db = portal.database.db;
    await db.insert(inscriptions).values([storedOffer(2, 'FRANÇOIS', { email: 'h.francois@example.fr' })]);
    await db
      .insert(etudiants)
      .values({ email: 'lea.etudiante@example.fr', cp: '10000', ville: 'TROYES', ecole: 'IUT' });
  });
  afterAll(async () => {
    await portal?.close();
    await relay?.close();
    await peer?.close();
  });

  /**
   * The mail server stays down while the dispatcher goes through its eight attempts (the retry
   * delays skipped: each pending mail is made due again) until it gives up.
   */
  async function untilAbandoned() {
    const db = portal.database.db;
    await expect
      .poll(
        async () => {
          await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.status, 'pending'));
          return (await db.select({ status: mailOutbox.status }).from(mailOutbox)).map((m) => m.status);
        },
        { timeout: 30_000, interval: 300 },
      )
      .toEqual(['failed']);
  }

  it('un courriel abandonné se voit sur la demande et dans « Courriels » ; « Renvoyer » le fait partir', async () => {
    const page = await portal.page();
    await signIn(page, 'chef.guichet', '/admin/inscriptions');
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    await menu.getByRole('link', { name: 'Etudiants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demandes étudiants' }).waitFor();
    const demande = page.getByRole('row').filter({ hasText: 'lea.etudiante@example.fr' });
    await demande.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Valider et envoyer le mail' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Valider et envoyer/ })
      .click();
    await page.getByRole('status').filter({ hasText: '1 demande validée' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('sera envoyée');

    // The mail server is down: the mail is given up after its last attempt.
    await untilAbandoned();
    await page.reload();
    await demande.getByText('Courriel en échec').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The office head opens the mail log.
    await menu.getByRole('link', { name: 'Courriels' }).click();
    await page.getByRole('heading', { level: 1, name: 'Courriels' }).waitFor();
    const courriel = page.getByRole('row').filter({ hasText: 'lea.etudiante@example.fr' });
    await courriel.getByText('En échec').waitFor();
    expect(await courriel.textContent()).toContain('Liste des logements');
    // In French, without the raw error.
    expect(await courriel.textContent()).toContain('Le serveur de messagerie a coupé la connexion.');
    expect(await courriel.textContent()).not.toMatch(/ECONNECTION|Connection closed/);
    expect(await axeViolations(page)).toEqual([]);

    // Its text, without any personal link, in the detail.
    await courriel.getByRole('button', { name: /^Liste des logements privés/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Courriel n° \d+$/ });
    await dialog.getByText('Liste des logements privés.pdf').waitFor();
    await dialog.getByText(/Votre demande a été validée/).waitFor();
    // The administrator also reads the raw error.
    await dialog.getByText('ECONNECTION: Connection closed unexpectedly').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The server is back; « Renvoyer les courriels en échec » of the list, after its count.
    relay.up(peer.port);
    expect(await courriel.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Renvoyer les courriels en échec' }).click();
    const confirm = page.getByRole('dialog', { name: 'Renvoyer les courriels en échec de la liste ?' });
    await confirm.getByText("1 courriel en échec de la liste affichée sera remis en file d'envoi.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Renvoyer 1 courriel' }).click();
    const done = page.getByRole('status').filter({ hasText: COURRIEL_MESSAGES.renvoyes(1) });
    await done.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('remis en file');

    // The dispatcher sends it; the next look at the list says « Envoyé ».
    const [stored] = await portal.database.db.select().from(mailOutbox);
    await expect.poll(() => peer?.received.length, { timeout: 15_000 }).toBe(1);
    expect(peer.received[0].parsed.messageId).toBe(stored.messageId);
    expect(peer.received[0].envelope.to).toEqual(['lea.etudiante@example.fr']);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Courriels' }).waitFor();
          await courriel.waitFor();
          return courriel.getByText('Envoyé').count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);

    // And the request no longer says it failed.
    await menu.getByRole('link', { name: 'Etudiants' }).click();
    await demande.waitFor();
    expect(await demande.getByText('Courriel en échec').count()).toBe(0);
  });

  it('un agent lit « Courriels » : l’erreur en français, ni l’erreur brute ni « Renvoyer »', async () => {
    await portal.database.db.insert(mailOutbox).values({
      messageId: '<panne@test>',
      to: 'lea.etudiante@example.fr',
      subject: 'Liste des logements privés',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      kind: 'liste_logements',
      status: 'failed',
      attempts: 8,
      lastError: "EACCES: permission denied, open '/srv/guichet/data/mail/x.eml.tmp'",
    });
    const page = await portal.page();
    await signIn(page, 'agent.guichet', '/admin/inscriptions');
    const menu = page.getByRole('navigation', { name: "Menu d'administration" });
    await menu.getByRole('link', { name: 'Courriels' }).click();
    await page.getByRole('heading', { level: 1, name: 'Courriels' }).waitFor();
    const courriel = page.getByRole('row').filter({ hasText: 'lea.etudiante@example.fr' });
    await courriel.getByText('Le dossier des courriels du portail n’est pas accessible en écriture.').waitFor();
    expect(await page.getByRole('button', { name: /Renvoyer/ }).count()).toBe(0);
    await courriel.getByRole('button', { name: 'Liste des logements privés' }).click();
    const dialog = page.getByRole('dialog', { name: /^Courriel n° \d+$/ });
    await dialog.getByText('Bonjour').waitFor();
    expect(await dialog.textContent()).not.toMatch(/EACCES|\/srv\//);
    expect(await dialog.getByRole('button', { name: 'Renvoyer' }).count()).toBe(0);
    expect(await page.content()).not.toContain('/srv/guichet');
    expect(await axeViolations(page)).toEqual([]);
  });
});
