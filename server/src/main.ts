import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensureBootstrapAdmin } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { type MailDispatcher, startMailDispatcher } from './platform/mail/index.ts';

/** config → database → migrations → app → listen → mail dispatcher. */
async function main() {
  const config = loadConfig();
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  config.webDist = existsSync(dist) ? dist : undefined;
  const database = await openDatabase(config);
  await migrate(database);
  let dispatcher: MailDispatcher | undefined;
  const app = await buildApp({ config, database, mailDispatcher: { wake: () => dispatcher?.wake() } });
  await ensureBootstrapAdmin(app.db, config, (line) => console.log(line));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    await app.close(); // finishes requests in flight
    await dispatcher?.stop(); // finishes the mail being sent; the rest stays queued
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  dispatcher = startMailDispatcher({
    db: database.db,
    kind: database.kind,
    config,
    log: app.log.child({ module: 'mail' }),
  });
  console.log(
    `Portail disponible sur ${config.publicUrl} (base ${database.kind === 'pglite' ? `embarquée dans ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
