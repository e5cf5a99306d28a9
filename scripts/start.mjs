// `npm start`: builds the web app and the server bundles when their sources are newer than the
// build, then serves everything from one process on PORT.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverBundle, stale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

if (stale(at('web/dist/index.html'), [at('web/src'), at('web/index.html'), at('contract/src')])) {
  console.log("Construction de l'application web…");
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await buildServerIfStale((line) => console.log(line));

// Enables source maps, so a stack trace in the log points at the TypeScript line.
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
