/**
 * What a visitor on a phone gets, judged by a third party: Lighthouse with its mobile defaults
 * (Moto G Power screen, simulated slow 4G and a 4× slower CPU) on each public page of the
 * running portal, in the machine's Chromium (e2e/chromium.ts finds it: Debian's or the npm one).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pages } from '@guichet/contract';
import lighthouse from 'lighthouse';
import { findChromium } from '../e2e/chromium.ts';
import { openPglite } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { freePort } from '../server/test/postgres-server.ts';
import { startServerProcess } from '../server/test/server-process.ts';
import { seedVolumes } from './seed.ts';

/** The five public pages the issue names, with what each is called in the table. */
export const LIGHTHOUSE_PAGES = [
  { label: 'Accueil', path: pages.home },
  { label: 'Inscription d’un logement (assistant)', path: pages.inscriptionProprietaire },
  { label: 'Annuaire des partenaires', path: pages.partenaires },
  { label: 'Demande étudiante', path: pages.demandeEtudiant },
  { label: 'Inscription d’un partenaire', path: pages.inscriptionPartenaire },
];

export const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 100, lcpMs: 2500 };
export const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string })
  .version;

export type PageScore = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred for the whole page load (Lighthouse's total-byte-weight). */
  bytes: number;
  /** What Lighthouse says would save the most, and each failed accessibility audit. */
  advice: string[];
  /** Lighthouse's measure of the host's speed (higher is faster; its 4× CPU slowdown assumes ~1 500+). */
  benchmarkIndex: number;
};

export const meetsBudget = (s: PageScore) =>
  s.performance >= LIGHTHOUSE_BUDGET.performance &&
  s.accessibility >= LIGHTHOUSE_BUDGET.accessibility &&
  s.lcpMs <= LIGHTHOUSE_BUDGET.lcpMs;

type Chrome = { port: number; stop: () => Promise<void> };

/** A headless Chromium with its DevTools port open, as Lighthouse drives it (no chrome-launcher). */
async function launchChrome(): Promise<Chrome> {
  const browser = findChromium();
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'guichet-lighthouse-'));
  const child: ChildProcess = spawn(
    browser.executablePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { env: { ...process.env, ...browser.env }, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium (${browser.source}) s'est arrêté au démarrage`);
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (performance.now() > deadline) throw new Error(`Chromium (${browser.source}) ne répond pas`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run (mobile defaults, performance and accessibility) of one URL. */
async function audit(url: string, port: number, report?: string): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse, ${url} : ${lhr.runtimeError.message}`);
  if (report) writeFileSync(report, JSON.stringify(lhr));
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const advice: string[] = [];
  // Opportunities as Lighthouse ranks them: the estimated LCP saving, then the bytes.
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .map((a) => {
      const d = a.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
      return { title: a.title, ms: d.overallSavingsMs ?? 0, bytes: d.overallSavingsBytes ?? 0 };
    })
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes);
  for (const o of opportunities.slice(0, 3))
    advice.push(`${o.title} (~${Math.round(o.ms)} ms, ${Math.round(o.bytes / 1024)} KiB)`);
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (ref.weight > 0 && a && a.score !== null && a.score < 1) advice.push(`accessibilité : ${a.title}`);
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    fcpMs: num('first-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    advice,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export type LighthouseOptions = {
  runs?: number;
  /** A folder for each run's full report (JSON, readable in the Lighthouse viewer). */
  reports?: string;
  onPage?: (label: string, score: PageScore) => void;
};

/**
 * Each page `runs` times in one browser; the run with the median performance score is kept
 * (Lighthouse's own advice for a noisy host). Only loopback addresses are audited.
 */
export async function lighthouseBench(
  base: string,
  { runs = 3, reports, onPage }: LighthouseOptions = {},
): Promise<{ label: string; path: string; score: PageScore }[]> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error(`cible non locale : ${base}`);
  if (reports) mkdirSync(reports, { recursive: true });
  const chrome = await launchChrome();
  try {
    const out: { label: string; path: string; score: PageScore }[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const scores: PageScore[] = [];
      for (let i = 0; i < runs; i++) {
        const name = `${page.path === '/' ? 'accueil' : page.path.slice(1).replaceAll('/', '-')}-${i + 1}.json`;
        scores.push(await audit(base + page.path, chrome.port, reports && path.join(reports, name)));
      }
      scores.sort((a, b) => a.performance - b.performance);
      const score = scores[Math.floor(scores.length / 2)];
      onPage?.(page.label, score);
      out.push({ label: page.label, path: page.path, score });
    }
    return out;
  } finally {
    await chrome.stop();
  }
}

/** One cell of the results table. */
export function describeScore(s: PageScore): string {
  return (
    `perf ${s.performance}, accessibilité ${s.accessibility} ; LCP ${(s.lcpMs / 1000).toFixed(1)} s, ` +
    `FCP ${(s.fcpMs / 1000).toFixed(1)} s, TBT ${Math.round(s.tbtMs)} ms, CLS ${s.cls.toFixed(2)} ; ` +
    `${Math.round(s.bytes / 1024)} Kio transférés ; hôte ${Math.round(s.benchmarkIndex)}`
  );
}

/** A public page's first visit, on the wire: budget per page (issue 19), the grid never in it. */
export const PUBLIC_PAGE_BUDGET_KIB = 150;

export type PageBytes = { total: number; raw: number; files: number; hasGrid: boolean; encodings: string[] };

function fetchBytes(url: string, encoding?: string): Promise<{ status: number; body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = (r: { body: Buffer; encoding?: string }) =>
  (r.encoding === 'br' ? brotliDecompressSync(r.body) : r.encoding === 'gzip' ? gunzipSync(r.body) : r.body).toString(
    'utf8',
  );

/**
 * What a first visit to `pagePath` downloads before its first screen, as the server sends it to a
 * browser (Accept-Encoding: br, gzip): the page, then every script, modulepreload and stylesheet
 * it names (the entry's chunks and, for a lazily loaded page, its own: platform/web-app.ts).
 */
export async function pageBytes(base: string, pagePath: string): Promise<PageBytes> {
  const out: PageBytes = { total: 0, raw: 0, files: 0, hasGrid: false, encodings: [] };
  const add = async (url: string) => {
    const [sent, raw] = await Promise.all([fetchBytes(url, 'br, gzip'), fetchBytes(url)]);
    if (sent.status !== 200) throw new Error(`${url} : HTTP ${sent.status}`);
    out.total += sent.body.length;
    out.raw += raw.body.length;
    out.files++;
    out.encodings.push(sent.encoding ?? 'identity');
    const text = decode(sent);
    if (text.includes('MuiDataGrid')) out.hasGrid = true;
    return text;
  };
  const html = await add(base + pagePath);
  const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  for (const u of new Set(urls)) await add(base + u);
  return out;
}

/** One row of the phone table. */
export type PhoneRow = {
  page: string;
  bytes: string;
  scores: string;
  ok: boolean;
  /** Which budget a page missed: its bytes, its Lighthouse scores, or both. */
  missed: string[];
  advice: string[];
};

/**
 * The public pages on the wire and in Lighthouse, against a running portal: one row per page,
 * `ok` when its bytes and its scores meet the budgets.
 */
export async function phoneMeasures(base: string, options: LighthouseOptions = {}): Promise<PhoneRow[]> {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} Kio`;
  const bytes = new Map<string, PageBytes>();
  for (const p of LIGHTHOUSE_PAGES) bytes.set(p.path, await pageBytes(base, p.path));
  const scored = await lighthouseBench(base, options);
  return scored.map(({ label, path: p, score }) => {
    const b = bytes.get(p) as PageBytes;
    const wireOk = b.total <= PUBLIC_PAGE_BUDGET_KIB * 1024 && !b.hasGrid;
    const missed = [...(wireOk ? [] : ['octets']), ...(meetsBudget(score) ? [] : ['Lighthouse'])];
    return {
      page: `${label} (${p})`,
      bytes: `${kib(b.total)} (${[...new Set(b.encodings)].join('/')}), ${b.files} fichiers ; ${kib(b.raw)} sans compression${b.hasGrid ? ' ; grille !' : ''}`,
      scores: describeScore(score),
      ok: missed.length === 0,
      missed,
      advice: score.advice,
    };
  });
}

export const PHONE_BUDGET = `≤ ${PUBLIC_PAGE_BUDGET_KIB} Kio sans la grille ; perf ≥ ${LIGHTHOUSE_BUDGET.performance}, LCP ≤ ${LIGHTHOUSE_BUDGET.lcpMs / 1000} s, accessibilité ${LIGHTHOUSE_BUDGET.accessibility}`;

export function phoneTable(rows: PhoneRow[]): string {
  return [
    '| page | premier chargement transféré | Lighthouse (mobile, médiane) | budget | verdict |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.bytes} | ${r.scores} | ${PHONE_BUDGET} | ${r.ok ? '✅' : `❌ ${r.missed.join(', ')}`} |`,
    ),
  ].join('\n');
}

/** The directory's partners in the phone scenario: a real office's order of magnitude, not the lists' 5 000. */
const PHONE_PARTNERS = 40;

/**
 * The phone scenario on its own server: a small embedded database (reference data and
 * PHONE_PARTNERS partners), the built server (`npm run build` first: web/dist and server/dist) in
 * its own process, then `phoneMeasures`. Used by `npm run bench` (part `phone`) and standalone.
 */
export async function phoneScenario(options: LighthouseOptions = {}): Promise<{ rows: PhoneRow[]; context: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-lighthouse-data-'));
  const database = await openPglite(dataDir);
  await migrate(database);
  await seedVolumes(database.db, { inscriptions: 0, etudiants: 0, partenaires: PHONE_PARTNERS });
  await database.close();
  const server = await startServerProcess({ DATA_DIR: dataDir }, 'bundle');
  const load = os.loadavg()[0];
  try {
    const rows = await phoneMeasures(server.base, options);
    const context =
      `Lighthouse ${LIGHTHOUSE_VERSION}, mobile par défaut (throttling simulé), médiane de ${options.runs ?? 3} passages, ` +
      `annuaire de ${PHONE_PARTNERS} partenaires — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cœurs, ` +
      `charge moyenne (1 min) ${load.toFixed(1)} au départ, ${os.loadavg()[0].toFixed(1)} à la fin.`;
    return { rows, context };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npx tsx bench/lighthouse.ts [--runs N] [--no-build] [--reports DIR]`: builds the portal as
 * `npm start` runs it, runs the phone scenario, prints its table and exits 1 when a page misses
 * a budget.
 */
async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  if (
    !process.argv.includes('--no-build') &&
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0
  )
    throw new Error('construction : npm run build');
  const { rows, context } = await phoneScenario({
    runs: Number(arg('runs', '3')),
    reports: arg('reports', '') || undefined,
    onPage: (label, s) => console.log(`  ${label} : ${describeScore(s)}`),
  });
  console.log(`\n${context}\n\n${phoneTable(rows)}`);
  for (const r of rows.filter((r) => !r.ok)) console.log(`\n${r.page} : ${r.advice.join(' ; ') || 'octets'}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(2);
  });
}
