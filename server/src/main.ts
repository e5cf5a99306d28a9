import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensureBootstrapAdmin } from './bootstrap.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { acquireDataLock } from './cli/data-lock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { type DailyJobs, startDailyJobs } from './jobs.ts';
import { OWNER_ONLY_UMASK, secureDataDir } from './platform/data-dir.ts';
import { type MailDispatcher, startMailDispatcher } from './platform/mail/index.ts';
import { type RetentionJob, startRetentionJob } from './retention.ts';

/** config → database → migrations → app → listen → mail dispatcher. */
async function main() {
  // Until the port is open nothing else holds the event loop, and each time it runs empty Node waits
  // for all of V8's background work, among it the optimising compilation of PGlite's WebAssembly:
  // 0.2 s and more when the process does nothing (measured with strace). A timer held meanwhile keeps
  // the loop running, and the start goes on while that compilation runs on the other core.
  const starting = setInterval(() => {}, 60_000);
  const config = loadConfig();
  // PGlite's files, the spool and the socket: readable by the portal's account only.
  process.umask(OWNER_ONLY_UMASK);
  secureDataDir(config.dataDir);
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  config.webDist = existsSync(dist) ? dist : undefined;
  // The embedded database belongs to one process: refused while a `npm run user` command holds it.
  const dataLock = config.databaseUrl ? undefined : await acquireDataLock(config.dataDir, 'serveur');
  const database = await openDatabase(config);
  await migrate(database);
  // The embedded database's files, created 0666 by PGlite: 0600 like the rest of DATA_DIR.
  if (!config.databaseUrl) secureDataDir(config.dataDir, { everything: true });
  let dispatcher: MailDispatcher | undefined;
  let retention: RetentionJob | undefined;
  let daily: DailyJobs | undefined;
  // A job run through the admin socket or the schedule sends its mail at once.
  const jobConfig = { ...config, wakeMail: () => dispatcher?.wake() };
  const app = await buildApp({ config, database, mailDispatcher: { wake: () => dispatcher?.wake() } });
  await ensureBootstrapAdmin(app.db, config, (line) => console.log(line));
  // `npm run user` reaches the embedded database through this process (cli/admin-socket.ts).
  const adminSocket = dataLock
    ? await startAdminSocket({
        dataDir: config.dataDir,
        db: database.db,
        config: jobConfig,
        log: app.log.child({ module: 'admin' }),
      })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    await adminSocket?.close();
    // Requests in flight finish; a keep-alive connection that goes idle meanwhile is closed at
    // once instead of after Fastify's 72 s keep-alive timeout.
    const idle = setInterval(() => app.server.closeIdleConnections(), 200);
    await app.close();
    clearInterval(idle);
    await dispatcher?.stop(); // finishes the mail being sent; the rest stays queued
    await retention?.stop(); // waits for a run in progress, which needs the database
    await daily?.stop();
    await database.close();
    dataLock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  clearInterval(starting);
  dispatcher = startMailDispatcher({
    db: database.db,
    kind: database.kind,
    config,
    log: app.log.child({ module: 'mail' }),
  });
  retention = startRetentionJob({
    db: database.db,
    config,
    log: app.log.child({ module: 'conservation' }),
    firstDelayMs: config.jobsFirstCheckSeconds * 1000,
  });
  daily = startDailyJobs({
    db: database.db,
    config: jobConfig,
    // The embedded database has no autovacuum: its statistics and free space, each night.
    names: database.kind === 'pglite' ? ['offer-check', 'digest', 'vacuum'] : ['offer-check', 'digest'],
    log: app.log.child({ module: 'taches' }),
    firstDelayMs: config.jobsFirstCheckSeconds * 1000,
  });
  console.log(
    `Portail disponible sur ${config.publicUrl} (base ${database.kind === 'pglite' ? `embarquée dans ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
