import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_PASSWORD = 'serveur-de-test-2026';

export type ServerProcess = {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer. */
  startMs: number;
  /** Lines the process wrote to its standard output so far (pino's JSON log lines among them). */
  output: string[];
  /** Sends the signal and resolves with the exit code once the process is gone. */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
};

/**
 * The real server as its own process: from the TypeScript sources (tests: always the code as it
 * is), or from the bundle `npm start` runs (the benchmark; `npm run build` makes it).
 */
export async function startServerProcess(
  env: Record<string, string>,
  from: 'sources' | 'bundle' = 'sources',
  /** The benchmark: its log lines dropped (not kept in memory), node flags such as --cpu-prof. */
  opts: { stdout?: 'pipe' | 'ignore'; nodeFlags?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const t = performance.now();
  const entry =
    from === 'bundle'
      ? [path.join(root, 'server/dist/main.mjs')]
      : ['--import', 'tsx', path.join(root, 'server/src/main.ts')];
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...entry], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      PUBLIC_FORM_RATE_LIMIT: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', opts.stdout ?? 'pipe', 'inherit'],
  });
  const output: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    output.push(...lines);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté au démarrage (code ${child.exitCode})`);
    const status = await new Promise<number>((resolve) => {
      http
        .get(`${base}/api/params/get/all`, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', () => resolve(0));
    });
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    base,
    child,
    startMs: performance.now() - t,
    output,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Logs in as the bootstrap admin (the tests' password unless told) and returns the session cookie. */
export async function adminCookie(base: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`connexion impossible : ${res.status}`);
  return cookie;
}
