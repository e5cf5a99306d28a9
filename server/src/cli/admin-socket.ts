import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { type JobConfig, jobClock } from '../jobs.ts';
import { CommandError } from './command-error.ts';
import { parseUserCommand, runUserCommand, type UserCommand } from './user-commands.ts';

/**
 * The running portal's local channel for `npm run user`: a Unix socket in DATA_DIR that only
 * the portal's own OS user can open (mode 0600). Through it the command runs inside the
 * process that holds the embedded database, instead of opening that database a second time.
 * Protocol: one JSON line each way, `{ command }` then `{ ok: true, lines } | { ok: false, error }`.
 */
export const SOCKET_FILE = 'admin.sock';
export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), SOCKET_FILE);

export type Reply = { ok: true; lines: string[] } | { ok: false; error: string };
type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

const MAX_REQUEST = 64 * 1024;
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS). */
const MAX_PATH = 103;

/**
 * Listens on DATA_DIR/admin.sock. Call only while holding the data lock: a socket file left by
 * a crashed process is then known to be stale and is replaced.
 */
export async function startAdminSocket(opts: { dataDir: string; db: Db; log: Log; config: JobConfig }) {
  const file = adminSocketPath(opts.dataDir);
  if (Buffer.byteLength(file) > MAX_PATH) {
    opts.log.warn(
      { file },
      'chemin trop long pour le socket d’administration : « npm run user » attendra l’arrêt du portail',
    );
    return undefined;
  }
  rmSync(file, { force: true });
  const server = net.createServer((socket) => serve(socket, opts.db, opts.config, opts.log));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created by bind() inside listen(), synchronously: with this umask it
    // is born 0600, never readable by another user even for an instant.
    const umask = process.umask(0o177);
    try {
      server.listen(file, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(file, 0o600);
  opts.log.info({ file }, 'socket d’administration ouvert');
  return {
    file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

function serve(socket: net.Socket, db: Db, config: JobConfig, log: Log) {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.setTimeout(30_000, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > MAX_REQUEST) return answer({ ok: false, error: 'Commande trop longue.' });
    const end = buffer.indexOf('\n');
    if (end < 0) return;
    socket.pause();
    void handle(buffer.slice(0, end)).then(answer);
  });
  const answer = (reply: Reply) => {
    socket.end(`${JSON.stringify(reply)}\n`);
  };
  async function handle(line: string): Promise<Reply> {
    let command: UserCommand;
    try {
      // The portal checks the command again: the socket is a door, not a proof of good input.
      command = parseUserCommand((JSON.parse(line) as { command?: unknown }).command);
    } catch (err) {
      return { ok: false, error: err instanceof CommandError ? err.message : 'Commande illisible.' };
    }
    const fields = {
      command: command.command,
      username: 'username' in command ? command.username : undefined,
      job: command.command === 'job' ? command.name : undefined,
      // The date asked, even when refused: a job run as another day leaves that day in the log.
      date: command.command === 'job' ? command.date : undefined,
    };
    try {
      const lines = await runUserCommand(db, command, config);
      // The day the job ran as (today when no date was asked).
      const day = command.command === 'job' ? jobClock(command.date, config.clock?.()).day : undefined;
      log.info({ ...fields, day }, 'commande agent exécutée');
      return { ok: true, lines };
    } catch (err) {
      if (err instanceof CommandError) {
        // A job refused (a date too far ahead) leaves its trace too; its message names no person.
        if (command.command === 'job') log.info({ ...fields, error: err.message }, 'commande agent refusée');
        return { ok: false, error: err.message };
      }
      log.error({ err }, 'commande agent en échec');
      return { ok: false, error: 'Erreur interne du portail : voir son journal.' };
    }
  }
}

/**
 * Sends a command to the portal running on `dataDir`. Resolves undefined when no portal
 * listens there (no socket file, or one left by a stopped process).
 */
export function askRunningServer(
  dataDir: string,
  command: UserCommand,
  timeoutMs = 60_000,
): Promise<Reply | undefined> {
  const file = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let connected = false;
    let data = '';
    const socket = net.connect(file);
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new CommandError('Le portail n’a pas répondu à temps : voir son journal.'));
    });
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command })}\n`);
    });
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(data) as Reply);
      } catch {
        reject(new CommandError('Réponse illisible du portail.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) return resolve(undefined);
      if (err.code === 'EACCES') {
        return reject(
          new CommandError(`${file} appartient à un autre utilisateur : lancez la commande sous le compte du portail.`),
        );
      }
      reject(new CommandError(`Échange avec le portail interrompu (${err.code ?? err.message}).`));
    });
  });
}
