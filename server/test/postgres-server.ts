import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away PostgreSQL server for the test run: the machine's binaries (Debian's postgresql
 * package, installed by .ci/run), a temp cluster with trust auth on 127.0.0.1 and a free port.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
export type PgServer = { url: (db: string) => string; restart: () => void; stop: () => void };

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(base, v, 'bin', 'pg_ctl'))) return path.join(base, v, 'bin');
  throw new Error(
    'PostgreSQL introuvable : installez le paquet Debian « postgresql » (bash .ci/run le fait) ou définissez PG_BIN.',
  );
}

async function withClient(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Creates database `name` (a copy of `template` when given) on the server whose `postgres`
 * database is at `adminUrl`: its URL, and a way to drop it with its open connections.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string) {
  await withClient(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: () => withClient(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startPostgres(): Promise<PgServer> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const r = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} a échoué : ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    /** A fast restart: every open connection is cut, as in a failover. */
    restart: () =>
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '60',
        '-m',
        'fast',
        '-o',
        options,
        'restart',
      ]),
    stop: () => {
      try {
        const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
        if (asRoot)
          execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
        else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
