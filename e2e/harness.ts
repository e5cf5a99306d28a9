import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type AppInstance, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { agentsRepository } from '../server/src/features/auth/agents.repository.ts';
import { startMailDispatcher } from '../server/src/platform/mail/index.ts';
import { testDatabase } from '../server/test/harness.ts';
import { freePort } from '../server/test/postgres-server.ts';

const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

export const PASSWORD = 'mot-de-passe-e2e';

export type Portal = {
  url: string;
  app: AppInstance;
  database: Database;
  browser: Browser;
  /** A fresh browser context (its own cookies) with a page; console errors fail the test. */
  page: () => Promise<Page>;
  /** An agent with these roles, logging in with PASSWORD. */
  agent: (username: string, roles: string[]) => Promise<number>;
  close: () => Promise<void>;
};

/** The built portal on a private database and a free port, with a real Chromium. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  if (!CHROMIUM)
    throw new Error('Chromium introuvable : installez le paquet Debian « chromium » (bash .ci/run le fait).');
  if (!existsSync(`${webDist}/index.html`))
    throw new Error('web/dist absent : lancez « npm run build » (npm test le fait).');
  const port = await freePort();
  const database = await testDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_FORM_RATE_LIMIT: '0',
    DATA_DIR: '/nonexistent',
    ...env,
  });
  config.webDist = webDist;
  // Given SMTP_URL, queued mail is delivered as in production (the test reads it from its SMTP peer).
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const mail = env.SMTP_URL
    ? startMailDispatcher({ db: database.db, kind: database.kind, config, log: quiet, intervalMs: 250 })
    : undefined;
  const app = await buildApp({ config, database, logger: false, mailDispatcher: mail });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const errors: string[] = [];
  return {
    url: `http://localhost:${port}`,
    app,
    database,
    browser,
    async page() {
      const context = await browser.newContext({
        baseURL: `http://localhost:${port}`,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    },
    agent: (username, roles) =>
      agentsRepository.create(database.db, { username, password: PASSWORD, prenom: 'Dominique', nom: 'Agent', roles }),
    async close() {
      await browser.close();
      await app.close();
      await mail?.stop();
      await database.close();
      if (errors.length) throw new Error(`Erreurs JavaScript dans la page : ${errors.join(' | ')}`);
    },
  };
}

export async function login(page: Page, username: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Connexion' }).click();
}

/** axe-core in the page: WCAG 2.1 A and AA violations, as `id: target` lines (empty is good). */
export async function axeViolations(page: Page): Promise<string[]> {
  // A dialog or banner still fading in has washed-out colours: let running transitions end
  // first, or colour contrast is judged mid-animation (a flaky failure seen on the roles dialog).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) // not a spinner
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays in force.
  await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
