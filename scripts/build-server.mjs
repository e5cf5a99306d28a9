// Bundles the server into server/dist/main.mjs (dependencies stay in node_modules): `npm start`
// then loads plain JavaScript, about a second faster than compiling TypeScript at each start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'server/dist/main.mjs');

/** npm packages load from node_modules; the workspace's own contract (TypeScript) is bundled in. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@guichet/') ? undefined : { external: true }));
  },
};

/** `overrides`: esbuild options for a check that inspects the bundle (tests: `write: false`, `metafile`). */
export async function buildServer(overrides = {}) {
  return await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [dependenciesStayExternal],
    sourcemap: 'linked',
    logLevel: 'warning',
    ...overrides,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
