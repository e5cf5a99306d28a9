/**
 * `npm run bench [-- --scale N] [-- --only pglite|postgres] [-- --seconds S]`: seeds realistic volumes,
 * starts the built server on each database, measures, prints one markdown table with a verdict
 * per budget, and writes it into docs/benchmarks.md (between the RESULTS markers).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  etudiantEndpoints,
  inscriptionEndpoints,
  partenaireEndpoints,
  referenceEndpoints,
  roleEndpoints,
} from '@guichet/contract';
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createDatabase, freePort, startPostgres } from '../server/test/postgres-server.ts';
import { adminCookie, startServerProcess } from '../server/test/server-process.ts';
import { describeFirstLoad, firstLoad } from './bundle.ts';
import { listFloor } from './floor.ts';
import { get, type LoadResult, load } from './load.ts';
import { pdfBench } from './pdf.ts';
import { seedVolumes } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const scale = Number(arg('scale', '1'));
const seconds = Number(arg('seconds', '5'));
const only = arg('only', 'all');
const volumes = { inscriptions: 100_000 * scale, etudiants: 100_000 * scale, partenaires: 5_000 * scale };
const PASSWORD = 'banc-d-essai-2026';

type Row = { mesure: string; pglite?: string; postgres?: string; budget: string; ok?: boolean };
const rows: Row[] = [];
const record = (mesure: string, kind: 'pglite' | 'postgres', value: string, budget = '', ok?: boolean) => {
  let row = rows.find((r) => r.mesure === mesure);
  if (!row) {
    row = { mesure, budget };
    rows.push(row);
  }
  row[kind] = value;
  if (ok !== undefined) row.ok = (row.ok ?? true) && ok;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function prepare(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-bench-'));
  let url: string | undefined;
  let stopPg = () => {};
  if (kind === 'postgres') {
    const server = await startPostgres();
    url = (await createDatabase(server.url('postgres'), 'guichet')).url;
    stopPg = server.stop;
  }
  const database = url ? await openPostgres(url) : await openPglite(dataDir);
  const t = performance.now();
  await migrate(database);
  await seedVolumes(database.db, volumes);
  console.log(`  ${kind} : données créées en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // Each list's query alone on the same data, recorded next to its HTTP measure.
  const floors: Record<string, LoadResult> = {};
  for (const [name, url] of Object.entries(LISTS)) floors[name] = await listFloor(database.db, name, url, seconds);
  await database.close();
  const cleanup = () => {
    stopPg();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, url, cleanup, floors };
}

/** The server as `npm start` runs it (the bundle), with the benchmark's admin password. */
async function startServer(env: Record<string, string>) {
  // The seeded history spans three years: with the default 365 days, the retention job would
  // delete two-thirds of the requests a minute into the run, in the middle of the measures.
  const server = await startServerProcess(
    { ...env, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', RETENTION_DAYS: '3650' },
    'bundle',
  );
  return { child: server.child, base: server.base, startMs: server.startMs, stop: () => server.kill('SIGTERM') };
}

function rssKb(pid: number) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) : 0;
}

const q = (s: string) => encodeURI(s);
/** Each list with a search, a filter, a non-default sort, several pages deep. */
const LISTS = {
  // Part of an email (about 1 % of rows, as when staff look someone up), validated offers, by name.
  inscriptions: q(
    `${inscriptionEndpoints.list.path}?search=proprietaire12&filter[statut]=2&sort[name]=nom&sort[direction]=asc&rowsPerPage=20&page=5`,
  ),
  // A number inside the email (about 1 % of rows), pending requests, sorted by email.
  etudiants: q(
    `${etudiantEndpoints.list.path}?search=etudiant12&filter[statut]=1&sort[name]=email&sort[direction]=desc&rowsPerPage=20&page=1`,
  ),
  partenaires: q(
    `${partenaireEndpoints.list.path}?search=partenaire 1&filter[actif]=true&sort[name]=nom&sort[direction]=asc&rowsPerPage=20&page=3`,
  ),
  roles: q(`${roleEndpoints.list.path}?search=a&sort[name]=libelle&sort[direction]=desc&rowsPerPage=10&page=0`),
};
const EXPORTS = {
  inscriptions: inscriptionEndpoints.export.path,
  etudiants: etudiantEndpoints.export.path,
  partenaires: partenaireEndpoints.export.path,
};

async function measure(kind: 'pglite' | 'postgres') {
  console.log(`\n▶ ${kind}`);
  const db = await prepare(kind);
  const env: Record<string, string> = { DATA_DIR: db.dataDir };
  if (db.url) env.DATABASE_URL = db.url;
  // The first start creates the admin; the second measures a start on an existing data directory.
  const first = await startServer(env);
  await first.stop();
  const { child, base, startMs, stop } = await startServer(env);
  record('Démarrage jusqu’à la première réponse', kind, ms(startMs), '≤ 3 000 ms', startMs <= 3000);
  try {
    await firstLoads(kind, base);
    const cookie = await adminCookie(base, PASSWORD);
    const headers = { cookie };
    const listBudget = (kind === 'pglite' ? 50 : 25) * (scale >= 10 ? 2 : 1);
    for (const [name, url] of Object.entries(LISTS)) {
      const check = await get(base + url, headers);
      if (check.status !== 200) {
        record(
          `Liste ${name} p50 / p95 / p99 (10 clients)`,
          kind,
          `HTTP ${check.status}`,
          `p95 ≤ ${listBudget} ms`,
          false,
        );
        continue;
      }
      const r = await load([base + url], { concurrency: 10, seconds, headers });
      record(
        `Liste ${name} p50 / p95 / p99 (10 clients)`,
        kind,
        `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s${r.errors ? `, ${r.errors} erreurs` : ''}`,
        `p95 ≤ ${listBudget} ms`,
        r.p95 <= listBudget && r.errors === 0,
      );
      const f = db.floors[name];
      record(
        `Liste ${name} : sa requête seule, sans HTTP (10 appelants)`,
        kind,
        `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} / ${f.p99.toFixed(1)} ms, ${f.rps.toFixed(0)} req/s`,
        'repère',
      );
    }
    await directory(kind, base);
    for (const [name, url] of Object.entries(EXPORTS)) await exportCsv(kind, base + url, headers, name, child.pid ?? 0);
    await loadMix(kind, base, headers);
  } finally {
    await stop();
    db.cleanup();
  }
}

/**
 * A first visit's bytes on the wire, as a browser gets them (Accept-Encoding: br, gzip). The home
 * page is part of the entry chunk; the admin list loads its route modules too.
 */
const FIRST_LOADS = {
  public: { label: 'Premier chargement d’une page publique', budget: '≤ 150 Ko, sans la grille', kb: 150, modules: [] },
  admin: {
    label: 'Premier chargement de l’administration',
    budget: '≤ 400 Ko',
    kb: 400,
    modules: [
      'src/app/admin/admin-shell.tsx',
      'src/app/admin/require-agent.tsx',
      'src/features/inscriptions/admin-list-page.tsx',
    ],
  },
};

async function firstLoads(kind: 'pglite' | 'postgres', base: string) {
  const dist = path.join(root, 'web/dist');
  for (const [name, b] of Object.entries(FIRST_LOADS)) {
    const r = await firstLoad(base, dist, b.modules);
    const ok = r.total <= b.kb * 1024 && (name === 'admin' || !r.hasGrid);
    record(b.label, kind, describeFirstLoad(r), b.budget, ok);
  }
}

/** The public directory against a bare Fastify route serving the same JSON from memory. */
async function directory(kind: 'pglite' | 'postgres', base: string) {
  for (const [label, url] of [
    ['sans filtre', partenaireEndpoints.directory.path],
    ['filtre thématique', `${partenaireEndpoints.directory.path}?filtres[]=3`],
  ] as const) {
    // The same bytes from memory, as the portal keeps them (features/partenaires/directory-cache.ts).
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    const bare = Fastify();
    bare.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    const port = await freePort();
    await bare.listen({ port, host: '127.0.0.1' });
    const real = await load([base + url], { concurrency: 10, seconds });
    const ref = await load([`http://127.0.0.1:${port}/bare`], { concurrency: 10, seconds });
    await bare.close();
    const ratio = real.rps / ref.rps;
    record(
      `Annuaire ${label} : req/s (rapport à une route nue)`,
      kind,
      `${real.rps.toFixed(0)} vs ${ref.rps.toFixed(0)} (${(ratio * 100).toFixed(0)} %)`,
      '≥ 80 %',
      ratio >= 0.8 && real.errors === 0,
    );
  }
}

async function exportCsv(
  kind: 'pglite' | 'postgres',
  url: string,
  headers: Record<string, string>,
  name: string,
  pid: number,
) {
  const base = rssKb(pid);
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const t = performance.now();
  const res = await get(url, headers);
  const elapsed = performance.now() - t;
  clearInterval(sampler);
  const growthMb = (peak - base) / 1024;
  // The budget is 5 s per 100 000 rows (the issue's rate): 50 s for a million at --scale 10.
  const budgetMs = 5000 * scale;
  record(
    `Export CSV ${name} : durée, croissance mémoire`,
    kind,
    res.status === 200
      ? `${(elapsed / 1000).toFixed(2)} s, ${(res.bytes / 1e6).toFixed(1)} Mo, +${growthMb.toFixed(0)} Mo`
      : `HTTP ${res.status}`,
    `≤ ${budgetMs / 1000} s, ≤ +100 Mo`,
    res.status === 200 && elapsed <= budgetMs && growthMb <= 100,
  );
}

/** 100 concurrent clients for 30 s on a mix of public and admin requests: no error allowed. */
async function loadMix(kind: 'pglite' | 'postgres', base: string, headers: Record<string, string>) {
  const urls = [
    referenceEndpoints.params.path,
    partenaireEndpoints.directory.path,
    `${partenaireEndpoints.directory.path}?filtres[]=5`,
    referenceEndpoints.filtres.path,
    LISTS.inscriptions,
    LISTS.etudiants,
    inscriptionEndpoints.list.path,
    referenceEndpoints.statuts.path,
  ].map((u) => base + u);
  const r: LoadResult = await load(urls, {
    concurrency: 100,
    seconds: Math.max(seconds, Number(arg('load-seconds', '30'))),
    headers,
  });
  record(
    'Charge : 100 clients, mélange public/admin',
    kind,
    `${r.requests} req, ${r.errors} erreurs, p99 ${r.p99.toFixed(0)} ms`,
    '0 erreur',
    r.errors === 0,
  );
}

async function main() {
  console.log(`Volumes : ${JSON.stringify(volumes)}`);
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('build web');
  // Measured over HTTP by each server run (firstLoads); the rows keep their place at the top.
  for (const b of Object.values(FIRST_LOADS)) rows.push({ mesure: b.label, budget: b.budget });
  const pdf = await pdfBench(1000);
  rows.push({ mesure: 'PDF de 1 000 logements validés', pglite: pdf, budget: '≤ 2 s', ok: pdf.ok });
  if (only !== 'postgres') await measure('pglite');
  if (only !== 'pglite') await measure('postgres');

  const failed = rows.filter((r) => r.ok === false);
  const table = [
    `Volumes : ${volumes.inscriptions} logements, ${volumes.etudiants} demandes, ${volumes.partenaires} partenaires (échelle ${scale}) — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cœurs.`,
    '',
    '| mesure | PGlite | PostgreSQL | budget | verdict |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.mesure} | ${r.pglite ?? '—'} | ${r.postgres ?? '—'} | ${r.budget} | ${r.ok === false ? '❌' : '✅'} |`,
    ),
    '',
    `**Verdict : ${failed.length === 0 ? 'tous les budgets sont tenus' : `${failed.length} budget(s) dépassé(s)`}.**`,
  ].join('\n');
  console.log(`\n${table}\n`);
  const docPath = path.join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const marker = `<!-- RESULTS scale=${scale} -->`;
  const block = `${marker}\n${table}\n<!-- /RESULTS -->`;
  const re = new RegExp(`${marker}[\\s\\S]*?<!-- /RESULTS -->`);
  writeFileSync(docPath, re.test(doc) ? doc.replace(re, block) : `${doc.trimEnd()}\n\n${block}\n`);
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
