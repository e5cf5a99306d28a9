/**
 * `npm run bench [-- --scale N] [--only pglite|postgres] [--seconds S] [--warmup S] [--part lists,click] [--write]
 * [--profile DIR] [--lighthouse-runs N] [--detail]`: seeds realistic volumes, starts the built server on each database (as `npm start`
 * does, production log level), measures, prints one markdown table with each database's value, budget
 * and verdict, and exits 1 when a budget is missed (naming the database). A full run writes the table
 * into docs/benchmarks.md (between the RESULTS markers); a run of some parts only prints it, unless
 * --write. --profile: the server runs with `node --cpu-prof`, its profile written to DIR at the end.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  etudiantEndpoints,
  inscriptionEndpoints,
  pages,
  partenaireEndpoints,
  referenceEndpoints,
} from '@guichet/contract';
import { openPglite, openPostgres } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { NOT_REPLAYED } from '../server/src/platform/replay.ts';
import { createDatabase, startPostgres } from '../server/test/postgres-server.ts';
import { adminCookie, startServerProcess } from '../server/test/server-process.ts';
import { describeFirstLoad, firstLoad } from './bundle.ts';
import { cpuAvailable, type Measured, NO_CPU, sumCpu, withCpu } from './cpu.ts';
import { listFloor } from './floor.ts';
import { LIGHTHOUSE_PAGES, PHONE_BUDGET, phoneScenario } from './lighthouse.ts';
import { CLICKS, LISTS, type ListName, PENDING_FILTER } from './lists.ts';
import { get, type LoadResult, load, sequential } from './load.ts';
import { pdfBench } from './pdf.ts';
import { count, type DbKind, ms, Report } from './report.ts';
import { SCREEN_BUDGET_MS, SCREENS } from './screens.ts';
import { seedVolumes } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const scale = Number(arg('scale', '1'));
const seconds = Number(arg('seconds', '5'));
/**
 * --warmup S: each list is first asked for S seconds, unmeasured, through the API and through its
 * query alone. A server just started runs PGlite's WebAssembly in V8's baseline tier until its hot
 * functions are recompiled; the bench process had already done so while seeding. Measured: the roles
 * list went from 230 to 460–780 req/s over its first 20 s on a fresh server, and from 485 to 780–860
 * over its first 15 s on a server already warmed 3 s (docs/benchmarks.md, fourteenth pass).
 */
const warmup = Number(arg('warmup', '20'));
const only = arg('only', 'all');
const profileDir = arg('profile', '');
/** --detail: the click part also prints each click's p50 / p95 measured alone. */
const detail = process.argv.includes('--detail');
/**
 * --ab KEY=VALUE[,KEY=VALUE]: the lists and clicks measured a second time on a server started with
 * these settings, in the same run (what a change gains, side by side on the same machine load).
 */
const ab = arg('ab', '');
// Split at the first « = » only: NODE_OPTIONS=--max-semi-space-size=64 keeps its own.
const abEnv: Record<string, string> = Object.fromEntries(
  ab ? ab.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]) : [],
);
const PARTS = ['start', 'wire', 'phone', 'pdf', 'lists', 'click', 'screens', 'directory', 'exports', 'load'] as const;
type Part = (typeof PARTS)[number];
const partArg = arg('part', 'all');
const parts = new Set<Part>(partArg === 'all' ? PARTS : (partArg.split(',') as Part[]));
for (const p of parts) if (!PARTS.includes(p)) throw new Error(`--part ${p} : parties connues ${PARTS.join(', ')}`);
const writeDoc = partArg === 'all' || process.argv.includes('--write');
const volumes = { inscriptions: 100_000 * scale, etudiants: 100_000 * scale, partenaires: 5_000 * scale };
const PASSWORD = 'banc-d-essai-2026';
const report = new Report();

/** Budgets, per database (issue 19). At a million rows, one agent's click may take twice as long. */
const BUDGET = {
  startMs: 3000,
  /** An admin list's throughput over its query's alone, 10 clients each. */
  listRatio: 0.75,
  click: (db: DbKind) => (db === 'pglite' ? 50 : 25) * (scale >= 10 ? 2 : 1),
  /** « En attente » alone, one client, PostgreSQL (the issue's 1.1 s at a million rows). */
  pendingFilterMs: 300,
  directoryRatio: 0.8,
  /** 5 s per 100 000 exported rows, memory flat. */
  exportMs: 5000 * scale,
  exportGrowthMiB: 100,
  /** 100 clients for 30 s: tail latency, and every client served again and again. */
  loadP99Ms: (db: DbKind) => (db === 'pglite' ? 2000 : 1000),
  loadMinPerClient: 10,
};

async function prepare(kind: DbKind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-bench-'));
  let url: string | undefined;
  let stopPg = () => {};
  let postgresPid: number | undefined;
  if (kind === 'postgres') {
    const server = await startPostgres();
    url = (await createDatabase(server.url('postgres'), 'guichet')).url;
    stopPg = server.stop;
    postgresPid = server.pid();
  }
  const database = url ? await openPostgres(url) : await openPglite(dataDir);
  const t = performance.now();
  await migrate(database);
  await seedVolumes(
    database.db,
    volumes,
    SCREENS.flatMap((s) => (s.seed ? [s.seed] : [])),
  );
  console.log(`  ${kind} : données créées en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await database.close();
  // The embedded database belongs to one process: its lists' floor is measured on a copy the bench
  // opens itself, in turns with the endpoint, as PostgreSQL's (lists()).
  // The bare list route (bench/bare-list.ts) has a copy of its own.
  const floorDir = kind === 'pglite' ? `${dataDir}-plancher` : undefined;
  const bareDir = kind === 'pglite' ? `${dataDir}-nue` : undefined;
  for (const copy of [floorDir, bareDir]) if (copy) cpSync(dataDir, copy, { recursive: true });
  const cleanup = () => {
    stopPg();
    for (const dir of [dataDir, floorDir, bareDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
  return { dataDir, url, floorDir, bareDir, postgresPid, cleanup };
}

/** The server as `npm start` runs it (the bundle, its flag), at the production log level, output dropped. */
async function startServer(env: Record<string, string>, profile = false, extra: Record<string, string> = {}) {
  // The seeded history spans three years: with the default 365 days, the retention job would
  // delete two-thirds of the requests a minute into the run, in the middle of the measures; and the
  // first « still available? » pass would ask about every offer validated over those years (tens of
  // thousands of mails, measured: the directory fell to 39 req/s meanwhile). The bench measures a
  // portal in its steady state: the daily jobs' first check comes after the run (an hour).
  const server = await startServerProcess(
    {
      ...env,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'info',
      RETENTION_DAYS: '3650',
      JOBS_FIRST_CHECK_SECONDS: '3600',
      ...extra,
    },
    'bundle',
    {
      stdout: 'ignore',
      // --enable-source-maps as `npm start` and the image run it (the map is read at each start).
      nodeFlags: [
        '--enable-source-maps',
        ...(profile && profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
      ],
    },
  );
  return { child: server.child, base: server.base, startMs: server.startMs, stop: () => server.kill('SIGTERM') };
}

function rssKb(pid: number) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) : 0;
}

const EXPORTS = {
  inscriptions: inscriptionEndpoints.export.path,
  etudiants: etudiantEndpoints.export.path,
  partenaires: partenaireEndpoints.export.path,
};

async function measure(kind: DbKind) {
  console.log(`\n▶ ${kind}`);
  const db = await prepare(kind);
  const env: Record<string, string> = { DATA_DIR: db.dataDir };
  if (db.url) env.DATABASE_URL = db.url;
  // The first start creates the admin; the second measures a start on an existing data directory.
  const first = await startServer(env);
  await first.stop();
  const { child, base, startMs, stop } = await startServer(env, true);
  if (parts.has('start')) {
    report.record(
      'Démarrage jusqu’à la première réponse',
      kind,
      ms(startMs),
      `≤ ${count(BUDGET.startMs)} ms`,
      startMs <= BUDGET.startMs,
    );
  }
  try {
    if (parts.has('wire')) await firstLoads(kind, base);
    const headers = { cookie: await adminCookie(base, PASSWORD) };
    if (parts.has('lists')) await lists(kind, { base, pid: child.pid }, headers, db);
    if (parts.has('click')) await clicks(kind, base, headers);
    if (parts.has('screens')) await screens(kind, base, headers);
    if (parts.has('directory')) await directory(kind, base);
    if (parts.has('exports')) {
      for (const [name, url] of Object.entries(EXPORTS)) {
        await exportCsv(kind, base + url, headers, name as keyof typeof EXPORTS, child.pid ?? 0);
      }
    }
    if (parts.has('load')) await loadMix(kind, base, headers);
  } finally {
    await stop();
  }
  try {
    if (ab) {
      const other = await startServer(env, false, abEnv);
      try {
        const headers = { cookie: await adminCookie(other.base, PASSWORD) };
        if (parts.has('lists')) await lists(kind, { base: other.base, pid: other.child.pid }, headers, db, ` [${ab}]`);
        if (parts.has('click')) await clicks(kind, other.base, headers, ` [${ab}]`);
      } finally {
        await other.stop();
      }
    }
  } finally {
    db.cleanup();
  }
}

/**
 * A bare route making a list's repository call alone, measured beside the list whose query is the
 * cheapest: there the HTTP hop weighs most, and this says how much of the floor HTTP alone leaves
 * on this machine at that moment (a fraction of a millisecond is noise on the others).
 */
const BARE_REFERENCE: ListName[] = ['roles'];

/**
 * Each admin list at 10 clients against its repository call alone, 10 callers, same data. The
 * bench opens its own database beside the server's (PostgreSQL: a pool; PGlite: a copy of the
 * data), and the query alone and the endpoint take turns, three rounds each: both see the same
 * machine load, which on this machine moves by a third within minutes (docs/benchmarks.md).
 */
async function lists(
  kind: DbKind,
  server: { base: string; pid?: number },
  headers: Record<string, string>,
  db: { url?: string; floorDir?: string; bareDir?: string; postgresPid?: number },
  variant = '',
) {
  const floorDatabase = db.url ? await openPostgres(db.url) : await openPglite(db.floorDir as string);
  const bare = await benchProcess('bench/bare-list.ts', [db.url ?? (db.bareDir as string)]);
  try {
    for (const name of Object.keys(LISTS) as ListName[]) await list(name);
  } finally {
    await bare.stop();
    await floorDatabase.close();
  }
  async function list(name: ListName) {
    const label = `Liste ${name}, 10 clients : l’API / ses requêtes seules (le même appel que la route, sans HTTP)${variant}`;
    const url = server.base + LISTS[name];
    const bareUrl = BARE_REFERENCE.includes(name) ? `${bare.base}/${name}?${LISTS[name].split('?')[1]}` : undefined;
    const check = await get(url, headers);
    const bareCheck = bareUrl ? await get(bareUrl) : check;
    if (check.status !== 200 || bareCheck.status !== 200) {
      const status = check.status !== 200 ? `HTTP ${check.status}` : `route nue : HTTP ${bareCheck.status}`;
      report.record(label, kind, status, `≥ ${BUDGET.listRatio * 100} %`, false);
      return;
    }
    await load([url], { concurrency: 10, seconds: warmup, headers });
    await listFloor(floorDatabase.db, name, LISTS[name], warmup);
    if (bareUrl) await load([bareUrl], { concurrency: 10, seconds: warmup });
    // Beside the bare route, each side's processor time too (cpu.ts): the server, PostgreSQL, the bench.
    const postgres = db.postgresPid;
    const side = <T>(pids: { server?: number; postgres?: number }, run: () => Promise<T>) =>
      bareUrl && cpuAvailable ? withCpu(pids, run) : run().then((result) => ({ result, cpu: NO_CPU }));
    const rounds: { api: Measured<LoadResult>; floor: Measured<LoadResult>; bare?: Measured<LoadResult> }[] = [];
    for (let i = 0; i < 3; i++) {
      rounds.push({
        floor: await side({ postgres }, () => listFloor(floorDatabase.db, name, LISTS[name], seconds / 3)),
        api: await side({ server: server.pid, postgres }, () =>
          load([url], { concurrency: 10, seconds: seconds / 3, headers }),
        ),
        bare: bareUrl
          ? await side({ server: bare.pid, postgres }, () => load([bareUrl], { concurrency: 10, seconds: seconds / 3 }))
          : undefined,
      });
    }
    const r = merged(rounds.map((x) => x.api.result));
    const floor = merged(rounds.map((x) => x.floor.result));
    const ratio = r.rps / floor.rps;
    const bareResult = bareUrl ? merged(rounds.map((x) => (x.bare as Measured<LoadResult>).result)) : undefined;
    const bareRps = bareResult?.rps;
    // Per request, each side over its own requests: shown beside the bare route, where HTTP weighs most.
    const split = (which: 'floor' | 'api' | 'bare') => {
      const measured = rounds.flatMap((x) => x[which] ?? []);
      const c = sumCpu(measured.map((m) => m.cpu));
      const requests = measured.reduce((n, m) => n + m.result.requests, 0);
      const per = (us: number) => Math.round(us / Math.max(1, requests));
      const cells = [
        c.server ? count(per(c.server)) : '—',
        ...(postgres ? [count(per(c.database))] : []),
        count(per(c.bench)),
      ];
      return `${cells.join(' / ')} µs (${count(per(c.server + c.database + c.bench))})`;
    };
    const cpuNote =
      bareUrl && cpuAvailable
        ? ` ; processeur par requête, serveur / ${postgres ? 'PostgreSQL / ' : ''}banc : ` +
          `requête seule ${split('floor')}, route nue ${split('bare')}, portail ${split('api')}`
        : '';
    report.record(
      label,
      kind,
      `${count(Math.round(r.rps))} / ${count(Math.round(floor.rps))} req/s (**${(ratio * 100).toFixed(0)} %**) ; ` +
        `p95 ${ms(r.p95)} / ${ms(floor.p95)}${r.errors ? `, ${r.errors} erreurs` : ''}` +
        (bareRps === undefined
          ? ''
          : ` ; repère, une route nue qui ne fait que la requête : ${count(Math.round(bareRps))} req/s (${((bareRps / floor.rps) * 100).toFixed(0)} %)`) +
        cpuNote,
      `≥ ${BUDGET.listRatio * 100} %`,
      ratio >= BUDGET.listRatio && r.errors === 0,
    );
  }
}

/** Rounds of one measure taken in turns: requests and errors added, rates averaged, the worst tails kept. */
function merged(results: LoadResult[]): LoadResult {
  const n = results.length;
  return {
    requests: results.reduce((a, r) => a + r.requests, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
    rps: results.reduce((a, r) => a + r.rps, 0) / n,
    p50: results.reduce((a, r) => a + r.p50, 0) / n,
    p95: Math.max(...results.map((r) => r.p95)),
    p99: Math.max(...results.map((r) => r.p99)),
    minPerClient: Math.min(...results.map((r) => r.minPerClient)),
  };
}

/** One agent working through the lists, then « En attente » alone. */
async function clicks(kind: DbKind, base: string, headers: Record<string, string>, variant = '') {
  const r = await sequential(
    CLICKS.map((u) => base + u),
    seconds,
    headers,
  );
  const budget = BUDGET.click(kind);
  report.record(
    `Un agent : ses clics dans les listes (1 client, ${CLICKS.length} requêtes en boucle) p50 / p95${variant}`,
    kind,
    `${ms(r.p50)} / ${ms(r.p95)}, ${r.requests} requêtes${r.errors ? `, ${r.errors} erreurs` : ''}`,
    `p95 ≤ ${budget} ms`,
    r.p95 <= budget && r.errors === 0,
  );
  if (detail) {
    // Where the p95 comes from: each click of the mix alone, one second each (console only).
    for (const u of CLICKS) {
      const one = await sequential([base + u], 1, headers);
      console.log(`  ${kind}${variant} ${ms(one.p50).padStart(9)} / ${ms(one.p95).padStart(9)}  ${decodeURI(u)}`);
    }
  }
  const f = await sequential([base + PENDING_FILTER], seconds, headers);
  report.record(
    `Logements filtrés « En attente » seul (1 client) p50 / p95${variant}`,
    kind,
    `${ms(f.p50)} / ${ms(f.p95)}${f.errors ? `, ${f.errors} erreurs` : ''}`,
    kind === 'postgres' ? `p95 ≤ ${BUDGET.pendingFilterMs} ms` : 'repère',
    kind === 'postgres' ? f.p95 <= BUDGET.pendingFilterMs && f.errors === 0 : undefined,
  );
}

/** The staff-operations screens (screens.ts), each opened by one agent. */
async function screens(kind: DbKind, base: string, headers: Record<string, string>) {
  for (const s of SCREENS) {
    const r = await sequential(
      s.urls.map((u) => base + u),
      seconds,
      headers,
    );
    report.record(
      `${s.name} (1 agent) p50 / p95`,
      kind,
      `${ms(r.p50)} / ${ms(r.p95)}${r.errors ? `, ${r.errors} erreurs` : ''}`,
      `p95 ≤ ${count(SCREEN_BUDGET_MS)} ms`,
      r.p95 <= SCREEN_BUDGET_MS && r.errors === 0,
    );
  }
}

/**
 * A first visit's bytes on the wire, as a browser gets them (Accept-Encoding: br, gzip). The home
 * page is part of the entry chunk; each other public page of the issue (the forms, the directory)
 * loads its route modules too (web/page-preloads.ts, those the server announces), like the admin list.
 */
const PUBLIC_BUDGET = { budget: '≤ 150 Kio, sans la grille', kib: 150 };
const FIRST_LOADS: Record<
  string,
  { label: string; budget: string; kib: number; route: { modules: string[] } | { page: string } }
> = {
  public: { label: 'Premier chargement d’une page publique', ...PUBLIC_BUDGET, route: { modules: [] } },
  ...Object.fromEntries(
    LIGHTHOUSE_PAGES.filter((p) => p.path !== pages.home).map((p) => [
      p.path,
      { label: `Premier chargement : ${p.label} (${p.path})`, ...PUBLIC_BUDGET, route: { page: p.path } },
    ]),
  ),
  admin: {
    label: 'Premier chargement de l’administration',
    budget: '≤ 400 Kio',
    kib: 400,
    route: {
      modules: [
        'src/app/admin/admin-shell.tsx',
        'src/app/admin/require-agent.tsx',
        'src/features/inscriptions/admin-list-page.tsx',
      ],
    },
  },
};

async function firstLoads(kind: DbKind, base: string) {
  const dist = path.join(root, 'web/dist');
  for (const [name, b] of Object.entries(FIRST_LOADS)) {
    const r = await firstLoad(base, dist, b.route);
    const ok = r.total <= b.kib * 1024 && (name === 'admin' || !r.hasGrid);
    report.record(b.label, kind, describeFirstLoad(r), b.budget, ok);
  }
}

/** A bare Fastify route serving `body` from memory, in its own process like the portal. */
async function bareServer(body: Buffer, headers: Record<string, string>): Promise<BenchProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-bare-'));
  const file = path.join(dir, 'body.json');
  writeFileSync(file, body);
  const headersFile = path.join(dir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(headers));
  const bare = await benchProcess('bench/bare-server.ts', [file, headersFile]);
  return {
    base: bare.base,
    stop: async () => {
      await bare.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type BenchProcess = { base: string; pid?: number; stop: () => Promise<void> };

/**
 * One of the bench's own servers (bare-server.ts, bare-list.ts), started from its sources; it prints
 * its port. `stop` resolves once it has gone (bare-list.ts closes its database first).
 */
async function benchProcess(script: string, args: string[]): Promise<BenchProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').once('data', (chunk: string) => resolve(chunk.trim().split('\n')[0]));
    child.once('exit', (code) => reject(new Error(`${script} arrêté (code ${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Seconds each side of the directory's measure is asked before it (both fresh code: a few seconds do). */
const DIRECTORY_WARMUP_S = 5;

/** The public directory against a bare route serving the same answer (features/partenaires/directory-cache.ts). */
async function directory(kind: DbKind, base: string) {
  for (const [label, url] of [
    ['sans filtre', partenaireEndpoints.directory.path],
    ['filtre thématique', `${partenaireEndpoints.directory.path}?filtres[]=3`],
  ] as const) {
    // The answer the load gets (it sends no Accept-Encoding; fetch would ask for gzip and unpack it).
    const answer = await fetch(base + url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await answer.arrayBuffer());
    // The same answer on the wire: the portal's headers too (security headers, ETag, cache rules:
    // ~900 bytes, ~10–15 µs a request to write), all but those Node writes for each answer itself,
    // as the portal's door replays them (platform/replay.ts).
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!NOT_REPLAYED.has(name)) headers[name] = value;
    });
    if (headers['content-encoding']) throw new Error(`annuaire compressé malgré « identity » : ${url}`);
    const bare = await bareServer(body, headers);
    try {
      // Both processes are asked first, unmeasured: the bare route's process has just started, and
      // the portal's answer at the door had not been asked for yet either (fourteenth pass).
      await load([base + url], { concurrency: 10, seconds: DIRECTORY_WARMUP_S });
      await load([`${bare.base}/bare`], { concurrency: 10, seconds: DIRECTORY_WARMUP_S });
      // The portal and the bare route take turns (three rounds each), as the lists and their
      // queries do: one measure after the other, the bare route's rate varied by half between runs.
      const rounds: { real: LoadResult; ref: LoadResult }[] = [];
      for (let i = 0; i < 3; i++) {
        rounds.push({
          real: await load([base + url], { concurrency: 10, seconds: seconds / 3 }),
          ref: await load([`${bare.base}/bare`], { concurrency: 10, seconds: seconds / 3 }),
        });
      }
      const real = merged(rounds.map((r) => r.real));
      const ref = merged(rounds.map((r) => r.ref));
      const ratio = real.rps / ref.rps;
      report.record(
        `Annuaire ${label} : req/s, rapport à une route nue (son propre processus, mêmes octets)`,
        kind,
        `${count(Math.round(real.rps))} vs ${count(Math.round(ref.rps))} (${(ratio * 100).toFixed(0)} %)`,
        `≥ ${BUDGET.directoryRatio * 100} %`,
        ratio >= BUDGET.directoryRatio && real.errors === 0,
      );
    } finally {
      await bare.stop();
    }
  }
}

/** One GET of a CSV export: its bytes and its records (line breaks outside quotes, header excluded). */
function getCsv(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; rows: number }> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      let breaks = 0;
      let quoted = false;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        for (let i = 0; i < c.length; i++) {
          const b = c[i];
          if (b === 0x22) quoted = !quoted;
          else if (b === 0x0a && !quoted) breaks++;
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, rows: Math.max(0, breaks - 1) }));
      res.on('error', () => resolve({ status: 0, bytes, rows: 0 }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, rows: 0 }));
  });
}

async function exportCsv(
  kind: DbKind,
  url: string,
  headers: Record<string, string>,
  name: keyof typeof EXPORTS,
  pid: number,
) {
  const base = rssKb(pid);
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const t = performance.now();
  const res = await getCsv(url, headers);
  const elapsed = performance.now() - t;
  clearInterval(sampler);
  const growthMiB = (peak - base) / 1024;
  const expected = volumes[name];
  report.record(
    `Export CSV ${name} : durée, lignes, taille, croissance mémoire du serveur`,
    kind,
    res.status === 200
      ? `${(elapsed / 1000).toFixed(2)} s, ${count(res.rows)} / ${count(expected)} lignes, ${(res.bytes / 1024 / 1024).toFixed(1)} Mio, +${growthMiB.toFixed(0)} Mio`
      : `HTTP ${res.status}`,
    `≤ ${BUDGET.exportMs / 1000} s, toutes les lignes, ≤ +${BUDGET.exportGrowthMiB} Mio`,
    res.status === 200 && res.rows === expected && elapsed <= BUDGET.exportMs && growthMiB <= BUDGET.exportGrowthMiB,
  );
}

/** 100 concurrent clients for 30 s on a mix of public and admin requests. */
async function loadMix(kind: DbKind, base: string, headers: Record<string, string>) {
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
  const p99 = BUDGET.loadP99Ms(kind);
  // Which request holds the tail: printed, not in the table.
  for (const u of r.byUrl ?? [])
    console.log(`    ${u.url.slice(base.length)} : ${u.requests} req, p99 ${ms(u.p99)}, pire ${ms(u.max)}`);
  report.record(
    'Charge : 100 clients, mélange public/admin (30 s)',
    kind,
    `${count(r.requests)} req, ${r.errors} erreurs, p99 ${count(Math.round(r.p99))} ms, au moins ${r.minPerClient} réponses par client`,
    `0 erreur, p99 ≤ ${count(p99)} ms, ≥ ${BUDGET.loadMinPerClient} réponses par client`,
    r.errors === 0 && r.p99 <= p99 && r.minPerClient >= BUDGET.loadMinPerClient,
  );
}

async function main() {
  const loadAtStart = os.loadavg()[0];
  console.log(`Volumes : ${JSON.stringify(volumes)} ; parties : ${[...parts].join(', ')}`);
  // The web app only when its bytes are measured; the server bundle always (`npm start` runs it).
  const build =
    parts.has('wire') || parts.has('phone') ? ['npm', ['run', 'build']] : ['node', ['scripts/build-server.mjs']];
  if (spawnSync(build[0] as string, build[1] as string[], { cwd: root, stdio: 'ignore' }).status !== 0) {
    throw new Error(`construction : ${build.flat().join(' ')}`);
  }
  // Measured over HTTP by each server run (firstLoads); the rows keep their place at the top.
  if (parts.has('wire')) for (const b of Object.values(FIRST_LOADS)) report.reserve(b.label);
  if (parts.has('phone')) {
    // The public pages on a phone (bench/lighthouse.ts), on a server of their own with a small
    // embedded database: shown in the first column.
    const { rows, context } = await phoneScenario({ runs: Number(arg('lighthouse-runs', '3')) });
    console.log(`  ${context}`);
    for (const r of rows)
      report.record(`Téléphone : ${r.page}`, 'pglite', `${r.bytes} ; ${r.scores}`, PHONE_BUDGET, r.ok);
  }
  if (parts.has('pdf')) {
    const pdf = await pdfBench(1000);
    // Built in the bench's process, without a database: shown in the first column.
    report.record('PDF de 1 000 logements validés (sans base)', 'pglite', String(pdf), '≤ 2 s', pdf.ok);
  }
  // The phone and the PDF bring their own data: without another part, no volumes to seed.
  const seeded = [...parts].some((p) => p !== 'phone' && p !== 'pdf');
  if (seeded && only !== 'postgres') await measure('pglite');
  if (seeded && only !== 'pglite') await measure('postgres');

  const failed = report.failures();
  const table = [
    `Volumes : ${count(volumes.inscriptions)} logements, ${count(volumes.etudiants)} demandes, ${count(volumes.partenaires)} partenaires (échelle ${scale}) — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cœurs, charge moyenne (1 min) au départ ${loadAtStart.toFixed(1)}, à la fin ${os.loadavg()[0].toFixed(1)}.`,
    '',
    report.table(),
    '',
    `**Verdict : ${
      failed.length === 0
        ? 'tous les budgets sont tenus'
        : `${failed.length} budget(s) dépassé(s) : ${failed.map((f) => `${f.mesure} (${f.db === 'pglite' ? 'PGlite' : 'PostgreSQL'})`).join(' ; ')}`
    }.**`,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (writeDoc) {
    const docPath = path.join(root, 'docs/benchmarks.md');
    const doc = readFileSync(docPath, 'utf8');
    const marker = `<!-- RESULTS scale=${scale} -->`;
    const block = `${marker}\n${table}\n<!-- /RESULTS -->`;
    const re = new RegExp(`${marker}[\\s\\S]*?<!-- /RESULTS -->`);
    writeFileSync(docPath, re.test(doc) ? doc.replace(re, block) : `${doc.trimEnd()}\n\n${block}\n`);
  }
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
