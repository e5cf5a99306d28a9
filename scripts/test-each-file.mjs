// Runs every test file alone, each in its own `vitest run`: the proof that no file needs another
// to have run before it (a module, a table or a port left behind). Slow (each run starts its own
// databases and browser); `npm test` is what CI runs.
//
//   node scripts/test-each-file.mjs [--project name]… [--jobs n]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/.bin/vitest');
const args = process.argv.slice(2);
const projects = args.flatMap((a, i) => (args[i - 1] === '--project' ? [a] : []));
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) || 1 : 1;

const listed = spawnSync(vitest, ['list', '--filesOnly', '--json', ...projects.flatMap((p) => ['--project', p])], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (listed.status !== 0) {
  process.stderr.write(listed.stderr);
  process.exit(1);
}
const files = JSON.parse(listed.stdout.slice(listed.stdout.indexOf('[')));
if (files.some((f) => f.projectName === 'e2e')) {
  // The journeys run against the built web app.
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const logs = mkdtempSync(path.join(os.tmpdir(), 'guichet-chaque-fichier-'));
const failed = [];
let next = 0;
async function worker() {
  while (next < files.length) {
    const { file, projectName } = files[next++];
    const name = path.relative(root, file);
    const t = performance.now();
    const { code, output } = await run(['run', '--project', projectName, name]);
    const seconds = ((performance.now() - t) / 1000).toFixed(1);
    if (code === 0) {
      console.log(`✓ ${projectName} ${name} (${seconds} s)`);
      continue;
    }
    const log = path.join(logs, `${projectName}-${name.replaceAll('/', '_')}.log`);
    writeFileSync(log, output);
    failed.push(`${projectName} ${name} : ${log}`);
    console.log(`✗ ${projectName} ${name} (${seconds} s) : ${log}`);
  }
}

function run(vitestArgs) {
  return new Promise((resolve) => {
    const child = spawn(vitest, vitestArgs, { cwd: root, env: { ...process.env, CI: '1' } });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

await Promise.all(Array.from({ length: jobs }, worker));
console.log(`\n${files.length - failed.length} / ${files.length} fichiers verts, chacun seul.`);
if (failed.length) {
  console.log(`En échec :\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
