// Bundles the server into server/dist (most dependencies inside, see EXTERNAL): main.mjs, the portal
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

/**
 * The packages that stay in node_modules; every other one is carried inside the bundle, so a start
 * reads and compiles one file instead of resolving, reading and wrapping some 650 modules one by one
 * (measured: 0.4 s less on 2 cores). These stay out because they read files beside their own code
 * (WebAssembly, a native addon, fonts, static pages, their package.json), or because the portal loads
 * them at first use (heavy, and not needed to start).
 */
export const EXTERNAL = [
  '@electric-sql/pglite', // WebAssembly and its data files
  '@node-rs/argon2', // native addon
  'sharp', // native addon; first use
  'pdfkit', // its fonts; first use
  'nodemailer', // first use
  'pg', // first use
  'drizzle-orm', // its PostgreSQL part imports pg, and is loaded at first use: one copy of drizzle with it
  '@fastify/swagger', // its package.json; first use
  '@fastify/swagger-ui', // its static pages; first use
];
/** The npm package a module specifier names (`@scope/name/sub` → `@scope/name`). */
export const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * zod's index re-exports its forty-odd locales; the portal speaks French only (contract/src/common.ts
 * sets it): the bundle carries that locale alone instead of 0.2 MB of messages it never shows.
 */
const zodFrenchOnly = {
  name: 'zod-french-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'locales', namespace: 'zod-fr' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-fr' }, () => ({
      contents: "export { default as fr } from 'zod/v4/locales/fr.js';",
      resolveDir: root,
    }));
  },
};

const onlyExternalStayOut = {
  name: 'only-external-stay-out',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.includes(packageOf(args.path)) ? { external: true } : undefined,
    );
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
    plugins: [onlyExternalStayOut, zodFrenchOnly],
    // A CommonJS package inside the bundle requires Node's own modules through this.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Stack traces point at the TypeScript lines; the sources themselves are not copied into the map
    // (3 times smaller, read at every start under --enable-source-maps).
    sourcemap: 'linked',
    sourcesContent: false,
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
