import axe from 'axe-core';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, onTestFinished } from 'vitest';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema.ts';
import { seedReference } from '../server/src/db/seed.ts';
import { agentsRepository } from '../server/src/features/auth/agents.repository.ts';
import { directoryCache } from '../server/src/features/partenaires/directory-cache.ts';
import type { AppInstance } from '../server/src/platform/app-instance.ts';
import { startMailDispatcher } from '../server/src/platform/mail/index.ts';
import { testDatabase } from '../server/test/harness.ts';
import { reservePort } from '../server/test/held-port.ts';
import { type SmtpPeer, startSmtpPeer } from '../server/test/smtp-peer.ts';
import { findChromium } from './chromium.ts';
import type {} from './web-copy.ts';

export const PASSWORD = 'mot-de-passe-e2e';

export type Portal = {
  url: string;
  app: AppInstance;
  database: Database;
  /**
   * A fresh browser context (its own cookies) with a page. Called inside a test, the context is
   * closed when the test ends, and the test fails if the page threw, logged a console error, or
   * saw a request fail (network error, or HTTP status ≥ 400) that the test did not declare with
   * `expectFailure`. Options (viewport, deviceScaleFactor…) go to the browser context.
   */
  page: (options?: BrowserContextOptions) => Promise<Page>;
  /**
   * Empties every table and puts the reference data back: the database as the portal started.
   * Call it in beforeEach so that each test creates the data it needs and can run alone.
   */
  reset: () => Promise<void>;
  /** An agent with these roles, logging in with PASSWORD. */
  agent: (username: string, roles: string[]) => Promise<number>;
  close: () => Promise<void>;
};

/** The built portal on a private database and a port of its own, with a real Chromium. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  await sharedBrowser(); // a missing browser fails the file's start, not its first test
  // Held by this process, never handed to anyone else: the server binds it over the hold.
  const port = await reservePort();
  const database = await testDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_FORM_RATE_LIMIT: '0',
    DATA_DIR: '/nonexistent',
    ...env,
  });
  // The run's copy of web/dist (e2e/global-setup.ts): a build during the run cannot swap it.
  config.webDist = inject('e2eWebApp');
  // Given SMTP_URL, queued mail is delivered as in production (the test reads it from its SMTP peer).
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const mail = env.SMTP_URL
    ? startMailDispatcher({ db: database.db, kind: database.kind, config, log: quiet, intervalMs: 250 })
    : undefined;
  const app = await buildApp({ config, database, logger: false, mailDispatcher: mail });
  await app.listen({ port, host: '127.0.0.1' });
  // Pages opened outside a test (in beforeAll) are checked when the portal closes.
  const unchecked: Page[] = [];
  const contexts = new Set<BrowserContext>();
  return {
    url: `http://localhost:${port}`,
    app,
    database,
    async page(options = {}) {
      // Asked again each time: a browser that crashed in an earlier test is launched anew.
      const context = await (await sharedBrowser()).newContext({
        baseURL: `http://localhost:${port}`,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        ...options,
      });
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      watch(page);
      try {
        onTestFinished(async () => {
          await context.close().catch(() => undefined); // already gone with a crashed browser
          assertNoProblems(page);
        });
      } catch {
        unchecked.push(page);
      }
      return page;
    },
    async reset() {
      const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
      const names = tables.map((t) => `"${getTableName(t)}"`).join(', ');
      await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
      await seedReference(database.db);
      directoryCache.clear(database.db);
    },
    agent: (username, roles) =>
      agentsRepository.create(database.db, { username, password: PASSWORD, prenom: 'Dominique', nom: 'Agent', roles }),
    async close() {
      // The browser serves the worker's next files: only this portal's contexts go.
      await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
      await app.close();
      await mail?.stop();
      await database.close();
      for (const page of unchecked) assertNoProblems(page);
    },
  };
}

/**
 * For a describe block: a portal whose mail reaches an SMTP peer, started once, reset with an empty
 * mailbox before each test (before the block's own beforeEach, registered after), closed at the end.
 */
export function portalWithMail(env: Record<string, string> = {}): { readonly portal: Portal; readonly peer: SmtpPeer } {
  let portal: Portal | undefined;
  let peer: SmtpPeer | undefined;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    portal = await startPortal({ SMTP_URL: peer.url, ...env });
  });
  beforeEach(async () => {
    await portal?.reset();
    if (peer) peer.received.length = 0;
  });
  afterAll(async () => {
    await portal?.close();
    await peer?.close();
  });
  const started = <T>(x: T | undefined) => {
    if (!x) throw new Error('portalWithMail : le portail n’a pas démarré (voir beforeAll).');
    return x;
  };
  return {
    get portal() {
      return started(portal);
    },
    get peer() {
      return started(peer);
    },
  };
}

/** A request a test makes fail on purpose: `'POST /api/etudiant/add'` (query ignored) or a RegExp on `METHOD url`. */
type RequestPattern = string | RegExp;
type Watched = { problems: string[]; expected: { request: RequestPattern; status: number | 'réseau' }[] };
const watched = new WeakMap<Page, Watched>();

/**
 * Declares that this page will see `request` fail with `status` (an HTTP status, or 'réseau'
 * for a network failure) because the test provokes it: a form sent empty, a stubbed 500, a
 * session that expired. Any other failure fails the test.
 */
export function expectFailure(page: Page, request: RequestPattern, status: number | 'réseau') {
  const w = watched.get(page);
  if (!w) throw new Error('expectFailure : page non ouverte par portal.page()');
  w.expected.push({ request, status });
}

function watch(page: Page) {
  const w: Watched = { problems: [], expected: [] };
  watched.set(page, w);
  const where = () => page.url();
  const isExpected = (method: string, url: string, status: number | 'réseau') =>
    w.expected.some((e) => {
      if (e.status !== status) return false;
      if (e.request instanceof RegExp) return e.request.test(`${method} ${url}`);
      const u = new URL(url);
      return e.request === `${method} ${u.pathname}`;
    });
  const describe = (method: string, url: string) => {
    const u = new URL(url);
    return `${method} ${u.origin === new URL(where()).origin ? u.pathname + u.search : url}`;
  };
  page.on('pageerror', (e) => w.problems.push(`exception sur ${where()} : ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium's own line for a failed request: judged below, with the expectations.
    if (m.text().startsWith('Failed to load resource: ')) return;
    w.problems.push(`console.error sur ${where()} : ${m.text()}`);
  });
  page.on('response', (res) => {
    const status = res.status();
    const req = res.request();
    if (status < 400 || isExpected(req.method(), res.url(), status)) return;
    w.problems.push(`réponse ${status} non attendue sur ${where()} : ${describe(req.method(), res.url())}`);
  });
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    // Aborted by the page itself (a query cancelled, a navigation, a download), not a failure it shows.
    if (error === 'net::ERR_ABORTED' || isExpected(req.method(), req.url(), 'réseau')) return;
    w.problems.push(`échec réseau non attendu sur ${where()} : ${describe(req.method(), req.url())} (${error})`);
  });
}

/** The problems seen so far, which no longer fail the test: for tests of the harness itself. */
export function takeProblems(page: Page): string[] {
  const w = watched.get(page);
  return w ? w.problems.splice(0) : [];
}

function assertNoProblems(page: Page) {
  const problems = watched.get(page)?.problems ?? [];
  if (problems.length) throw new Error(`La page a rencontré des erreurs :\n  ${problems.join('\n  ')}`);
}

/**
 * One Chromium per test process (the e2e files share their worker: isolate is off), launched at
 * first use and again if it crashed. Playwright kills it when the process exits.
 */
let browserLaunch: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const running = await browserLaunch?.catch(() => undefined);
  if (running?.isConnected()) return running;
  const chromiumBinary = findChromium(); // throws, in French, when there is none
  browserLaunch = chromium.launch({
    executablePath: chromiumBinary.executablePath,
    env: chromiumBinary.env ? { ...process.env, ...chromiumBinary.env } : undefined,
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
  return browserLaunch;
}

/** Logs in through the login form, as a person does: for the tests whose subject is the form or the landing. */
export async function login(page: Page, username: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Connexion' }).click();
}

/**
 * Logs the page's context in through the API (the form is not what the test checks: `login`
 * walks it) and opens `path`. The context's cookies are shared with `page.request`.
 */
export async function signIn(page: Page, username: string, path: string, password = PASSWORD) {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status(), `connexion de ${username}`).toBe(200);
  await page.goto(path);
}

/**
 * Puts axe-core in the page once per document: the app's own navigations keep it, a full load
 * needs it again. Evaluated through the DevTools protocol, so the page's CSP (no inline script)
 * stays in force (harness.test.ts checks it).
 */
export async function injectAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/**
 * axe-core in the page: WCAG 2.1 A and AA violations, as `id: target` lines (empty is good).
 * `bestPractice` adds axe's best practices (landmarks, a level-one heading) to the same pass.
 */
export async function axeViolations(page: Page, options: { bestPractice?: boolean } = {}): Promise<string[]> {
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
  await injectAxe(page);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(options.bestPractice ? ['best-practice'] : [])];
  const result = await page.evaluate(
    (values) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values } }),
    tags,
  );
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
