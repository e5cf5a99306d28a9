// `npm run dev`: the API with reload (tsx watch) and Vite's dev server with hot reload. The API's
// JSON log lines are shown by pino-pretty (level, time, message, then the fields); production
// logs (`npm start`) stay one JSON object per line, for log collectors.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isColorSupported, prettyFactory } from 'pino-pretty';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
// Lines that are not JSON (the first administrator's password, tsx's restarts) pass unchanged.
const prettify = prettyFactory({ colorize: isColorSupported, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
readline.createInterface({ input: api.stdout }).on('line', (line) => process.stdout.write(prettify(line)));

const children = [
  api,
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
console.log('API sur http://localhost:3000, application avec rechargement sur http://localhost:5173');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
