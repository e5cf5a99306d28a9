// `npm start`: builds the web app and the server bundle when their sources are newer than the
// build, then serves everything from one process on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}
const stale = (output, sources) => !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;

if (stale(at('web/dist/index.html'), [at('web/src'), at('web/index.html'), at('contract/src')])) {
  console.log("Construction de l'application web…");
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (stale(serverBundle, [at('server/src'), at('contract/src')])) {
  console.log('Construction du serveur…');
  await buildServer();
}

// Enables source maps, so a stack trace in the log points at the TypeScript line.
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
