import path from 'node:path';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ROLES, STAFF_PASSWORD_MIN } from '@guichet/contract';
import { loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { JOB_NAMES, JOBS, type JobConfig } from '../jobs.ts';
import { askRunningServer } from './admin-socket.ts';
import { CommandError } from './command-error.ts';
import { acquireDataLock, DataDirBusyError } from './data-lock.ts';
import { readSecret, type SecretInput, SecretInputError } from './read-secret.ts';
import { parseUserCommand, runUserCommand, type UserCommand } from './user-commands.ts';

/**
 * `npm run user -- add|passwd|disable|enable|list`: staff accounts from the command line (entry: user.ts).
 * With PostgreSQL (DATABASE_URL) the command opens the database like any server process. With
 * the embedded database it asks the running portal through DATA_DIR/admin.sock, and opens the
 * data folder itself only when no process holds it.
 */
/** One line per job, aligned under the `job` command. */
const JOB_USAGE = JOB_NAMES.map((name) => `  ${name.padEnd(14)} ${JOBS[name].description}`).join('\n');

const USAGE = `Usage : npm run user -- <commande> [options]

  add     --username U --prenom F --nom N [--role ROLE_USER …] [--email E] [--password P]
          crée un agent (--role peut être répété : ${ROLES.join(', ')})
  email   --username U [--email E]     change l’adresse électronique de l’agent (où part son résumé
                                      quotidien) ; sans --email, la supprime
  passwd  --username U [--password P]  change le mot de passe et ferme les sessions ouvertes
  disable --username U                désactive l’agent : plus de connexion, sessions fermées
  enable  --username U                réactive un agent désactivé
  list                                liste les agents, leur état et leurs rôles
  backup  --file F [--force]          sauvegarde toute la base dans F (npm run backup -- --file F), qui ne doit
                                      pas exister (--force : le remplacer)
  restore --file F                    remplace toute la base par la sauvegarde F (npm run restore -- --file F)
  job <tâche> [--date AAAA-MM-JJ]     lance une tâche planifiée maintenant (npm run job -- <tâche>), ou comme si
                                      on était ce jour-là ; déjà faite pour ce jour, elle ne refait rien

Tâches :
${JOB_USAGE}

Sans --password, le mot de passe (${STAFF_PASSWORD_MIN} caractères au moins) est demandé sans être affiché, ou lu
sur l’entrée standard (première ligne) : il ne reste ni dans l’historique du shell ni dans la liste des processus.
Si le portail tourne sur la base embarquée, la commande passe par lui (DATA_DIR/admin.sock).`;

const OPTIONS: Record<UserCommand['command'], string[]> = {
  add: ['username', 'password', 'prenom', 'nom', 'role', 'email'],
  email: ['username', 'email'],
  passwd: ['username', 'password'],
  disable: ['username'],
  enable: ['username'],
  list: [],
  backup: ['file', 'force'],
  restore: ['file'],
  job: ['date'],
};

export type CliOptions = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How long to wait for a portal that is starting: it holds the data folder, its socket is not open yet. */
  waitForPortalMs?: number;
  /** Where a password is read when --password is absent (default: the process's standard input). */
  stdin?: SecretInput;
  /** Where its prompt is written (default: standard error, so standard output stays the result). */
  prompt?: Writable;
};

class UsageError extends Error {}

/** argv → a validated command; French messages for every mistake. */
async function commandFromArgv(argv: string[], opts: CliOptions): Promise<UserCommand> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    const option = /'(-{1,2}[^\s']+)/.exec((err as Error).message)?.[1];
    const code = (err as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Option inconnue : ${option}.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`L’option ${option} attend une valeur.`);
    throw new UsageError('Arguments invalides.');
  }
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError('Indiquez une commande.');
  if (!(command in OPTIONS)) throw new UsageError(`Commande inconnue : ${command}.`);
  // `job <tâche>`: the one command that takes a positional argument.
  const jobName = command === 'job' ? extra.shift() : undefined;
  if (extra.length) throw new UsageError(`Argument en trop : ${extra.join(' ')}.`);
  const allowed = OPTIONS[command as UserCommand['command']];
  const values = parsed.values as Record<string, string | string[] | undefined>;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && key !== 'help' && !allowed.includes(key)) {
      throw new UsageError(`L’option --${key} ne s’applique pas à la commande ${command}.`);
    }
  }
  const { role, file, ...rest } = values;
  if (command === 'job') return parseUserCommand({ command, name: jobName, ...rest });
  if ((command === 'add' || command === 'passwd') && rest.password === undefined) {
    try {
      rest.password = await readSecret(opts.stdin ?? process.stdin, opts.prompt ?? process.stderr);
    } catch (err) {
      if (err instanceof SecretInputError) throw new CommandError(err.message);
      throw err;
    }
  }
  return parseUserCommand({
    command,
    ...rest,
    ...(command === 'add' ? { roles: role ?? [] } : {}),
    ...(typeof file === 'string' ? { file: path.resolve(file) } : {}),
  });
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      prenom: { type: 'string' },
      nom: { type: 'string' },
      role: { type: 'string', multiple: true },
      email: { type: 'string' },
      file: { type: 'string' },
      date: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

async function run(command: UserCommand, opts: CliOptions): Promise<{ lines: string[]; via: string }> {
  const config = loadConfig(opts.env);
  if (config.databaseUrl) {
    return withDatabase(await openPostgres(config.databaseUrl), command, config, 'base PostgreSQL de DATABASE_URL');
  }
  const deadline = Date.now() + (opts.waitForPortalMs ?? 20_000);
  for (;;) {
    const reply = await askRunningServer(config.dataDir, command);
    if (reply) {
      if (!reply.ok) throw new CommandError(reply.error);
      return { lines: reply.lines, via: `par le portail en cours d’exécution sur ${config.dataDir}` };
    }
    try {
      const lock = await acquireDataLock(config.dataDir, 'commande');
      try {
        const database = await openPglite(config.dataDir);
        return await withDatabase(database, command, config, `base embarquée de ${config.dataDir}, portail arrêté`);
      } finally {
        lock.release();
      }
    } catch (err) {
      // A portal starting up holds the folder before its socket opens: ask it again shortly.
      if (!(err instanceof DataDirBusyError) || Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

async function withDatabase(database: Database, command: UserCommand, config: JobConfig, via: string) {
  try {
    await migrate(database);
    return { lines: await runUserCommand(database.db, command, config), via };
  } finally {
    await database.close();
  }
}

/** Runs one command line; returns the exit code (0 done, 1 refused, 2 wrong usage). */
export async function runCli(argv: string[], opts: CliOptions): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    opts.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const { lines, via } = await run(await commandFromArgv(argv, opts), opts);
    for (const line of lines) opts.out(line);
    opts.err(`(${via})`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      opts.err(`Erreur : ${err.message}\n\n${USAGE}`);
      return 2;
    }
    // Refusals (CommandError, DataDirBusyError, configuration) carry a French sentence.
    opts.err(`Erreur : ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
