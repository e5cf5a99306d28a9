import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/harness.ts';
import { reservePort } from '../../test/held-port.ts';
import { createDatabase } from '../../test/postgres-server.ts';
import { pgliteExtensions } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import { rolesRepository } from '../features/auth/roles.repository.ts';
import { parisDay } from '../platform/daily-jobs.ts';
import { adminSocketPath } from './admin-socket.ts';
import { acquireDataLock, LOCK_FILE } from './data-lock.ts';
import { runCli } from './user-cli.ts';
import { runUserCommand } from './user-commands.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** A DATA_DIR whose embedded database is already migrated (a copy of the run's template). */
async function pgliteDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-cli-'));
  const client = await PGlite.create(path.join(dir, 'pglite'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions,
  });
  await client.close();
  return dir;
}

/** A fresh PostgreSQL database (copy of the template) and its URL, as a server process needs it. */
async function postgresUrl() {
  return createDatabase(inject('postgresUrl'), `cli_${randomBytes(6).toString('hex')}`, 'guichet_template');
}

/** The environment of this run's database kind: the embedded one in `dataDir`, or PostgreSQL at `url`. */
const envFor = (dataDir: string, url?: string): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (url) env.DATABASE_URL = url;
  return env;
};

/** `npm run user` in this process: exit code and what it printed. */
async function cli(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    waitForPortalMs: 300,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

type Proc = { child: ChildProcess; out: () => string; exited: Promise<number | null> };
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (d) => {
    text += d;
  });
  child.stderr?.on('data', (d) => {
    text += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => text, exited };
}

/** The real portal (server/src/main.ts) in its own process; resolves once it listens. */
async function startPortal(env: NodeJS.ProcessEnv) {
  const port = await reservePort();
  const proc = start(tsx, ['server/src/main.ts'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'mot-de-passe-admin',
  });
  const deadline = Date.now() + 90_000;
  while (!proc.out().includes('Portail disponible')) {
    if (proc.child.exitCode !== null || Date.now() > deadline) throw new Error(`portail non démarré :\n${proc.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    ...proc,
    url,
    login: (username: string, password: string) =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      }),
    stop: async () => {
      proc.child.kill('SIGTERM');
      return proc.exited;
    },
  };
}

const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';

// A scenario on one running portal: agents created by a step are used by the next ones, and the
// last step stops the portal; its steps keep their order even when the run shuffles tests.
describe(`npm run user pendant que le portail tourne (${dbKind})`, { shuffle: false }, () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof postgresUrl>> | undefined;
  let env: NodeJS.ProcessEnv;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  beforeAll(async () => {
    if (dbKind === 'postgres') {
      pgDb = await postgresUrl();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-cli-'));
    } else {
      dataDir = await pgliteDataDir();
    }
    env = envFor(dataDir, pgDb?.url);
    portal = await startPortal(env);
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('crée un agent avec « npm run user -- add » ; il se connecte aussitôt au même portail', async () => {
    const npm = start(
      'npm',
      [
        'run',
        'user',
        '--',
        'add',
        '--username',
        'm.martin',
        '--password',
        'MotDePasse!2026',
        '--prenom',
        'Marie',
        '--nom',
        'MARTIN',
        '--role',
        'ROLE_USER',
      ],
      env,
    );
    expect(await npm.exited).toBe(0);
    expect(npm.out()).toMatch(/Agent « m\.martin » \(Marie MARTIN\) créé, n° \d+, avec le rôle ROLE_USER\./);
    // The embedded database is reached through the portal; PostgreSQL is opened directly.
    expect(npm.out()).toContain(
      dbKind === 'pglite' ? 'par le portail en cours d’exécution' : 'base PostgreSQL de DATABASE_URL',
    );
    const res = await portal.login('m.martin', 'MotDePasse!2026');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      logged: true,
      user: { prenom: 'Marie', nom: 'MARTIN', roles: ['ROLE_USER'] },
    });
  }, 90_000);

  it('ne laisse qu’un processus ouvrir la base embarquée (socket 0600, verrou au nom du portail)', () => {
    const sock = adminSocketPath(dataDir);
    const lock = path.join(dataDir, LOCK_FILE);
    if (dbKind === 'pglite') {
      expect(statSync(sock).isSocket()).toBe(true);
      expect(statSync(sock).mode & 0o777).toBe(0o600);
      // tsx runs the portal in a child process: the lock names that live process, not this one.
      const owner = JSON.parse(readFileSync(lock, 'utf8'));
      expect(owner).toMatchObject({ holder: 'serveur' });
      expect(owner.pid).not.toBe(process.pid);
      expect(() => process.kill(owner.pid, 0)).not.toThrow();
    } else {
      // With PostgreSQL the data folder holds no database: nothing to guard, any process may connect.
      expect(existsSync(sock)).toBe(false);
      expect(existsSync(lock)).toBe(false);
    }
  });

  it('lit le mot de passe sur l’entrée standard quand --password manque (rien dans l’historique du shell)', async () => {
    /** `npm run user` with the password piped in, as from a secrets manager: `… | npm run user -- add …`. */
    const piped = (input: string, ...argv: string[]) => {
      const child = spawn('npm', ['run', '--silent', 'user', '--', ...argv], { cwd: root, env });
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.stderr.on('data', (d) => {
        text += d;
      });
      child.stdin.end(input);
      return new Promise<{ code: number | null; out: string }>((resolve) =>
        child.on('exit', (code) => resolve({ code, out: text })),
      );
    };
    const added = await piped(
      'lu-sur-l-entree\nligne ignorée\n',
      'add',
      '--username',
      's.stdin',
      '--prenom',
      'Sam',
      '--nom',
      'Stdin',
    );
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Agent « s\.stdin » \(Sam Stdin\) créé/);
    expect(added.out).not.toContain('lu-sur-l-entree');
    expect((await portal.login('s.stdin', 'lu-sur-l-entree')).status).toBe(200);
    const short = await piped('onze-carac.\n', 'passwd', '--username', 's.stdin');
    expect(short).toMatchObject({ code: 1 });
    expect(short.out).toContain('Le mot de passe doit contenir au moins 12 caractères.');
    expect((await piped('nouveau-par-tube\r\n', 'passwd', '--username', 's.stdin')).code).toBe(0);
    expect((await portal.login('s.stdin', 'nouveau-par-tube')).status).toBe(200);
  }, 60_000);

  it('change un mot de passe : les sessions ouvertes se ferment, seul le nouveau mot de passe marche', async () => {
    expect(
      (
        await cli(
          env,
          'add',
          '--username',
          'p.petit',
          '--password',
          'ancien-mot-de-passe',
          '--prenom',
          'Pia',
          '--nom',
          'Petit',
        )
      ).code,
    ).toBe(0);
    const session = cookieOf(await portal.login('p.petit', 'ancien-mot-de-passe'));
    const res = await cli(env, 'passwd', '--username', 'P.Petit', '--password', 'nouveau-mot-de-passe');
    expect(res).toMatchObject({ code: 0, out: 'Mot de passe de « p.petit » changé (1 session ouverte fermée).' });
    const current = await fetch(`${portal.url}/api/user/get/current`, { headers: { cookie: session } });
    expect(current.status).toBe(401);
    expect((await portal.login('p.petit', 'ancien-mot-de-passe')).status).toBe(400);
    expect((await portal.login('p.petit', 'nouveau-mot-de-passe')).status).toBe(200);
  }, 60_000);

  it('désactive un agent : il perd ses sessions à l’instant et ne peut plus se connecter', async () => {
    await cli(
      env,
      'add',
      '--username',
      'd.depart',
      '--password',
      'mot-de-passe',
      '--prenom',
      'Dan',
      '--nom',
      'Depart',
      '--role',
      'ROLE_USER',
    );
    const first = cookieOf(await portal.login('d.depart', 'mot-de-passe'));
    const second = cookieOf(await portal.login('d.depart', 'mot-de-passe'));
    const res = await cli(env, 'disable', '--username', 'd.depart');
    expect(res).toMatchObject({
      code: 0,
      out: 'Agent « d.depart » désactivé : il ne peut plus se connecter (2 sessions ouvertes fermées).',
    });
    for (const cookie of [first, second]) {
      expect((await fetch(`${portal.url}/api/admin/statut/get/all`, { headers: { cookie } })).status).toBe(401);
    }
    const refused = await portal.login('d.depart', 'mot-de-passe');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ logged: false, error: 'Identifiant ou mot de passe incorrect.' });
    expect((await cli(env, 'disable', '--username', 'd.depart')).out).toBe('L’agent « d.depart » est déjà désactivé.');
    expect((await cli(env, 'enable', '--username', 'd.depart')).code).toBe(0);
    const back = await portal.login('d.depart', 'mot-de-passe');
    expect(await back.json()).toMatchObject({ logged: true, user: { roles: ['ROLE_USER'] } });
  }, 60_000);

  it('donne, change et retire l’adresse électronique d’un agent : il la retrouve dans « Mon compte »', async () => {
    const add = await cli(
      env,
      'add',
      '--username',
      'e.mail',
      '--password',
      'mot-de-passe-long',
      '--prenom',
      'Eve',
      '--nom',
      'Mail',
      '--role',
      'ROLE_USER',
      '--email',
      'Eve.Mail@Guichet.Example.fr',
    );
    expect(add.code, add.err).toBe(0);
    const session = cookieOf(await portal.login('e.mail', 'mot-de-passe-long'));
    const digest = async () =>
      (await fetch(`${portal.url}/api/admin/compte/resume-quotidien`, { headers: { cookie: session } })).json();
    expect(await digest()).toMatchObject({ email: 'eve.mail@guichet.example.fr', raison: null });

    const changed = await cli(env, 'email', '--username', 'E.Mail', '--email', 'eve@guichet.example.fr');
    expect(changed).toMatchObject({ code: 0, out: 'Adresse électronique de « e.mail » : eve@guichet.example.fr.' });
    // The portal reads the new address at once (no cache of it).
    expect(await digest()).toMatchObject({ email: 'eve@guichet.example.fr' });
    expect((await cli(env, 'email', '--username', 'e.mail', '--email', 'pas-une-adresse')).err).toMatch(
      /adresse électronique valide/,
    );
    const removed = await cli(env, 'email', '--username', 'e.mail');
    expect(removed).toMatchObject({ code: 0, out: 'Adresse électronique de « e.mail » supprimée.' });
    expect(await digest()).toMatchObject({ email: null, digestQuotidien: false });
  }, 60_000);

  it('liste les agents, leur adresse, leur état et leurs rôles', async () => {
    await cli(
      env,
      'add',
      '--username',
      'z.inactif',
      '--password',
      'mot-de-passe',
      '--prenom',
      'Zoé',
      '--nom',
      'Inactif',
      '--email',
      'zoe@guichet.example.fr',
    );
    await cli(env, 'disable', '--username', 'z.inactif');
    const res = await cli(env, 'list');
    expect(res.code).toBe(0);
    const lines = res.out.split('\n');
    expect(lines[0]).toMatch(/^n°\s+identifiant\s+prénom\s+nom\s+adresse\s+état\s+rôles$/);
    expect(lines.find((l) => l.includes(' admin '))).toMatch(/actif\s+ROLE_ADMIN, ROLE_ADMIN_ROLE, ROLE_USER$/);
    expect(lines.find((l) => l.includes('m.martin'))).toMatch(/Marie\s+MARTIN\s+—\s+actif\s+ROLE_USER$/);
    expect(lines.find((l) => l.includes('z.inactif'))).toMatch(
      /Zoé\s+Inactif\s+zoe@guichet\.example\.fr\s+désactivé\s+\(aucun\)$/,
    );
    expect(lines.at(-1)).toMatch(/^\d+ agents\.$/);
  }, 60_000);

  it('refuse en français, avec un code de sortie non nul et sans rien changer', async () => {
    const cases: [string[], number, RegExp][] = [
      [
        ['add', '--username', 'm.martin', '--password', 'MotDePasse!2026', '--prenom', 'M', '--nom', 'M'],
        1,
        /L’identifiant « m\.martin » est déjà pris\./,
      ],
      [
        ['add', '--username', 'M.MARTIN', '--password', 'MotDePasse!2026', '--prenom', 'M', '--nom', 'M'],
        1,
        /déjà pris/,
      ],
      [['add', '--username', 'x', '--password', 'court', '--prenom', 'X', '--nom', 'Y'], 1, /au moins 12 caractères/],
      [
        ['add', '--username', 'x y', '--password', 'assez-long-oui', '--prenom', 'X', '--nom', 'Y'],
        1,
        /lettres sans accent/,
      ],
      [
        [
          'add',
          '--username',
          'x',
          '--password',
          'assez-long-oui',
          '--prenom',
          'X',
          '--nom',
          'Y',
          '--role',
          'ROLE_CHEF',
        ],
        1,
        /Rôle inconnu/,
      ],
      [
        ['add', '--username', 'x', '--password', 'assez-long-oui'],
        1,
        /L’option --prenom est obligatoire\.\nL’option --nom est obligatoire\./,
      ],
      [
        ['passwd', '--username', 'personne', '--password', 'assez-long-oui'],
        1,
        /Aucun agent n’a l’identifiant « personne »\./,
      ],
      [['disable', '--username', 'admin'], 1, /dernier administrateur actif/],
      [['frob'], 2, /Commande inconnue : frob\./],
      [['list', '--username', 'x'], 2, /L’option --username ne s’applique pas à la commande list\./],
      [['email', '--username', 'personne', '--email', 'a@b.fr'], 1, /Aucun agent n’a l’identifiant « personne »\./],
      [['email', '--username', 'm.martin', '--email', 'm martin@b.fr'], 1, /adresse électronique valide/],
      [['passwd', '--username', 'm.martin', '--email', 'a@b.fr'], 2, /--email ne s’applique pas à la commande passwd/],
      [['add', '--username'], 2, /L’option --username attend une valeur\./],
      [['add', '--age', '3'], 2, /Option inconnue : --age\./],
      [[], 2, /Usage : npm run user/],
    ];
    const before = (await cli(env, 'list')).out;
    for (const [argv, code, message] of cases) {
      const res = await cli(env, ...argv);
      expect({ argv, code: res.code }).toEqual({ argv, code });
      expect(res.err + res.out).toMatch(message);
    }
    expect((await cli(env, 'list')).out).toBe(before);
    expect((await portal.login('admin', 'mot-de-passe-admin')).status).toBe(200);
  }, 60_000);

  it('lance une tâche par « npm run job » comme si on était --date ; une seconde fois ce jour-là ne fait rien ; retention refuse une date après demain', async () => {
    const request = await fetch(`${portal.url}/api/etudiant/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tache@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: '' }),
    });
    expect(request.status).toBe(200);
    // Retention erases: run as a far-away day it would erase today's request and everything else.
    const refused = start('npm', ['run', 'job', '--', 'retention', '--date', '2099-01-01'], env);
    expect(await refused.exited).toBe(1);
    expect(refused.out()).toContain(
      'La tâche « retention » efface des données : elle ne peut pas tourner pour le 2099-01-01, une date après demain',
    );
    const cookie = cookieOf(await portal.login('admin', 'mot-de-passe-admin'));
    const listed = await fetch(`${portal.url}/api/admin/etudiants/get/list/by/filters?search=tache@example.fr`, {
      headers: { cookie },
    });
    expect(((await listed.json()) as { count: number }).count).toBe(1);

    // The other jobs may look ahead: a year and two days from now.
    const later = parisDay(new Date(Date.now() + 367 * 24 * 3600_000));
    const npm = start('npm', ['run', 'job', '--', 'offer-check', '--date', later], env);
    expect(await npm.exited).toBe(0);
    expect(npm.out()).toContain(`Tâche « offer-check » faite pour le ${later}.`);
    expect(npm.out()).toContain(
      dbKind === 'pglite' ? 'par le portail en cours d’exécution' : 'base PostgreSQL de DATABASE_URL',
    );
    const again = await cli(env, 'job', 'offer-check', '--date', later);
    expect(again).toMatchObject({ code: 0, out: `Tâche « offer-check » déjà faite pour le ${later} : rien de plus.` });
    // Every job of the registry goes the same way.
    const digest = await cli(env, 'job', 'digest', '--date', later);
    expect(digest.code).toBe(0);
    expect(digest.out).toContain(`Tâche « digest » faite pour le ${later}.`);
    expect(digest.err).toContain(dbKind === 'pglite' ? 'par le portail en cours d’exécution' : 'base PostgreSQL');
  }, 90_000);

  it('rend le dossier de données à l’arrêt du portail (ni socket ni verrou restants)', async () => {
    expect(await portal.stop()).toBe(0);
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    // The next command then opens the folder itself.
    const res = await cli(env, 'list');
    expect(res.code).toBe(0);
    expect(res.err).toContain(dbKind === 'pglite' ? 'portail arrêté' : 'base PostgreSQL de DATABASE_URL');
  }, 60_000);
});

describe(`npm run user quand aucun portail ne tourne (${dbKind})`, () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof postgresUrl>> | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    if (dbKind === 'postgres') {
      pgDb = await postgresUrl();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'guichet-cli-'));
    } else {
      dataDir = await pgliteDataDir();
    }
    env = envFor(dataDir, pgDb?.url);
  }, 60_000);
  afterAll(async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ouvre la base elle-même, puis la rend (verrou levé)', async () => {
    const add = await cli(
      env,
      'add',
      '--username',
      'a.seul',
      '--password',
      'mot-de-passe',
      '--prenom',
      'Alix',
      '--nom',
      'Seul',
      '--role',
      'ROLE_ADMIN',
      '--role',
      'ROLE_USER',
      '--role',
      'ROLE_ADMIN',
    );
    expect(add.code).toBe(0);
    expect(add.out).toMatch(/créé, n° \d+, avec les rôles ROLE_ADMIN, ROLE_USER\./);
    expect(add.err).toContain(dbKind === 'pglite' ? 'portail arrêté' : 'base PostgreSQL de DATABASE_URL');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const list = await cli(env, 'list');
    expect(list.out).toMatch(/a\.seul\s+Alix\s+Seul\s+—\s+actif\s+ROLE_ADMIN, ROLE_USER/);
    expect((await cli(env, 'passwd', '--username', 'a.seul', '--password', 'autre-mot-de-passe')).code).toBe(0);
    // The only administrator stays.
    expect((await cli(env, 'disable', '--username', 'a.seul')).code).toBe(1);
  }, 60_000);

  it('lance une tâche pour aujourd’hui, une seule fois ; refuse en français une tâche ou une date inconnue', async () => {
    // The command reads the real clock in its own process: its day is today's, as read before or after it ran.
    const before = parisDay(new Date());
    const first = await cli(env, 'job', 'retention');
    const today = first.out.match(/Tâche « retention » faite pour le (\d{4}-\d{2}-\d{2})\./)?.[1] ?? '';
    expect([before, parisDay(new Date())]).toContain(today);
    expect(first.code).toBe(0);
    expect(first.err).toContain(dbKind === 'pglite' ? 'portail arrêté' : 'base PostgreSQL de DATABASE_URL');
    expect(await cli(env, 'job', 'retention', '--date', today)).toMatchObject({
      code: 0,
      out: `Tâche « retention » déjà faite pour le ${today} : rien de plus.`,
    });
    const cases: [string[], number, RegExp][] = [
      [['job'], 1, /Indiquez la tâche à lancer : retention/],
      [['job', 'menage'], 1, /Tâche inconnue : menage\. Les tâches sont : retention/],
      [['job', 'retention', '--date', '24/11/2026'], 1, /La date doit s’écrire AAAA-MM-JJ/],
      [['job', 'retention', '--date', '2026-02-30'], 1, /Cette date n’existe pas : 2026-02-30\./],
      [['job', 'retention', '--date'], 2, /L’option --date attend une valeur\./],
      [['job', 'retention', 'offres'], 2, /Argument en trop : offres\./],
      [['list', '--date', '2026-11-24'], 2, /L’option --date ne s’applique pas à la commande list\./],
      [['job', 'retention', '--date', '2099-01-01'], 1, /efface des données : .* 2099-01-01, une date après demain/],
      [['job', 'digest', '--date', '2099-01-01'], 1, /au plus 400 jours après aujourd’hui/],
    ];
    for (const [argv, code, message] of cases) {
      const res = await cli(env, ...argv);
      expect({ argv, code: res.code }).toEqual({ argv, code });
      expect(res.err).toMatch(message);
    }
  }, 60_000);

  it('n’ouvre jamais une base embarquée tenue par un autre processus', async () => {
    const lock = await acquireDataLock(dataDir, 'serveur');
    try {
      const res = await cli(env, 'list');
      if (dbKind === 'pglite') {
        expect(res.code).toBe(1);
        expect(res.err).toMatch(/est ouverte par le portail \(processus n° \d+.*réessayez quand il aura terminé/);
      } else {
        // PostgreSQL serves many processes: the lock of DATA_DIR does not concern it.
        expect(res.code).toBe(0);
      }
    } finally {
      lock.release();
    }
    expect((await cli(env, 'list')).code).toBe(0);
  }, 60_000);

  it('empêche le portail de démarrer sur une base embarquée ouverte par une commande', async () => {
    const held = mkdtempSync(path.join(os.tmpdir(), 'guichet-cli-'));
    const lock = await acquireDataLock(held, 'commande');
    try {
      const server = start(tsx, ['server/src/main.ts'], { ...envFor(held), PORT: String(await reservePort()) });
      expect(await server.exited).toBe(1);
      expect(server.out()).toMatch(/est ouverte par une commande « npm run user » \(processus n° \d+/);
      expect(existsSync(path.join(held, 'pglite'))).toBe(false);
    } finally {
      lock.release();
      rmSync(held, { recursive: true, force: true });
    }
  }, 60_000);
});

describe(`désactivation et rôle administrateur en même temps (${dbKind})`, () => {
  it('ne laisse jamais ROLE_ADMIN sans agent actif, même quand deux changements se croisent', async () => {
    const database = await testDatabase();
    try {
      const { db } = database;
      const [admin] = await db.select().from(roles).where(eq(roles.code, 'ROLE_ADMIN'));
      const create = (username: string) =>
        agentsRepository.create(db, {
          username,
          password: 'mot-de-passe',
          prenom: 'A',
          nom: username,
          roles: ['ROLE_ADMIN'],
        });
      const a = await create('admin.a');
      await create('admin.b');
      // A role change in flight keeps only A in ROLE_ADMIN while another process disables A: each
      // alone is fine, together they would leave no administrator. The disabling must wait and see.
      let disabling: Promise<string[]> | undefined;
      let settledDuringChange = false;
      await db.transaction(async (tx) => {
        await rolesRepository.lock(tx, { id: admin.id });
        disabling = runUserCommand(db, { command: 'disable', username: 'admin.a' });
        disabling.then(
          () => {
            settledDuringChange = true;
          },
          () => {
            settledDuringChange = true;
          },
        );
        await new Promise((r) => setTimeout(r, 300));
        await rolesRepository.replaceActiveAgents(tx, admin.id, [a]);
      });
      expect(settledDuringChange).toBe(false);
      await expect(disabling).rejects.toThrow(/« admin\.a » est le dernier administrateur actif/);
      expect(await rolesRepository.countActiveAgents(db, admin.id)).toBe(1);
    } finally {
      await database.close();
    }
  });
});
