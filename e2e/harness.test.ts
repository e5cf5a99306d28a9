import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, injectAxe, type Portal, startPortal, takeProblems } from './harness.ts';

describe('le harnais des tests navigateur', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal?.close());

  it('relève console.error, les exceptions, les réponses ≥ 400 et les échecs réseau que le test n’attendait pas', async () => {
    const page = await portal.page();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expectFailure(page, 'GET /api/attendu', 404);
    await page.route('**/api/coupe', (route) => route.abort('failed'));
    await page.evaluate(async () => {
      console.error('quelque chose ne va pas');
      setTimeout(() => {
        throw new Error('non rattrapée');
      });
      await fetch('/api/attendu');
      await fetch('/api/inconnu?x=1');
      await fetch('/api/coupe').catch(() => undefined);
    });
    const seen: string[] = [];
    await expect.poll(() => seen.push(...takeProblems(page)) && seen.length).toBe(4);
    const origin = portal.url;
    expect(seen.sort()).toEqual([
      `console.error sur ${origin}/ : quelque chose ne va pas`,
      `exception sur ${origin}/ : non rattrapée`,
      `réponse 404 non attendue sur ${origin}/ : GET /api/inconnu?x=1`,
      `échec réseau non attendu sur ${origin}/ : GET /api/coupe (net::ERR_FAILED)`,
    ]);
  });

  it('axe injecté par le protocole laisse la CSP de la page en vigueur : un script en ligne reste refusé', async () => {
    const page = await portal.page();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await injectAxe(page);
    expect(await page.evaluate(() => 'axe' in window)).toBe(true);
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
          const script = document.createElement('script');
          script.textContent = 'window.scriptEnLigne = true';
          document.body.append(script);
        }),
    );
    expect(refused).toBe('script-src-elem');
    expect(await page.evaluate(() => 'scriptEnLigne' in window)).toBe(false);
    // Chromium writes the refusal on the console: expected here.
    expect(takeProblems(page).every((p) => p.includes('Content Security Policy'))).toBe(true);
  });

  it('relance Chromium, partagé par les fichiers du processus, quand il s’est arrêté', async () => {
    const first = await portal.page();
    await first.context().browser()?.close();
    const page = await portal.page();
    expect(page.context().browser()?.isConnected()).toBe(true);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});
