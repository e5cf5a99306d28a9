// Bundles the server into server/dist (dependencies stay in node_modules): main.mjs, the portal
// `npm start` runs, and user.mjs, the command `npm run user`/`backup`/`restore`/`job` runs (a job is one
// more command of it: same way to the embedded database through the running portal). Plain
// JavaScript at run time: no TypeScript compiler among the production dependencies, and about a
// second less at each start than compiling the sources.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'server/dist');
const entryPoints = { main: 'server/src/main.ts', user: 'server/src/cli/user.ts' };
export const serverBundle = path.join(dist, 'main.mjs');
export const userBundle = path.join(dist, 'user.mjs');

/** npm packages load from node_modules; the workspace's own contract (TypeScript) is bundled in. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@guichet/') ? undefined : { external: true }));
  },
};

/** `overrides`: esbuild options for a check that inspects the bundles (tests: `write: false`, `metafile`). */
export async function buildServer(overrides = {}) {
  // Loaded here, not at the top: a run from an existing build needs no build tool installed.
  const { build } = await import('esbuild');
  // Built beside, then renamed into place: a command started meanwhile never reads half a file.
  const tmp = path.join(dist, `.build-${process.pid}`);
  const options = {
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, src]) => [name, path.join(root, src)])),
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [dependenciesStayExternal],
    sourcemap: 'linked',
    logLevel: 'warning',
    ...overrides,
  };
  if (options.write === false) return await build(options);
  try {
    const result = await build(options);
    for (const file of readdirSync(tmp)) renameSync(path.join(tmp, file), path.join(dist, file));
    return result;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Latest modification time under `p` (a file or a folder, walked). */
function newest(p) {
  const s = statSync(p, { throwIfNoEntry: false }); // a file removed while the walk runs
  if (!s?.isDirectory()) return s?.mtimeMs ?? 0;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}

/** True when `output` is missing or older than any of `sources`. */
export function stale(output, sources) {
  return !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;
}

const serverSources = ['server/src', 'contract/src', 'scripts/build-server.mjs'].map((p) => path.join(root, p));

/**
 * Builds the server when a bundle is missing or older than its sources (a fresh clone, a pull);
 * `log` says so, on standard error for the command so its standard output stays its result.
 */
export async function buildServerIfStale(log) {
  if (![serverBundle, userBundle].some((bundle) => stale(bundle, serverSources))) return;
  log('Construction du serveur…');
  await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
