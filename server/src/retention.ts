import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import { sessionsRepository } from './features/auth/sessions.repository.ts';
import { etudiantsRepository } from './features/etudiants/etudiants.repository.ts';
import { inscriptionsRepository } from './features/inscriptions/inscriptions.repository.ts';
import { purgeExpiredLandlordLinks } from './features/inscriptions/landlord-links.ts';
import { logosRepository } from './features/logos/logos.repository.ts';
import { partenairesRepository } from './features/partenaires/partenaires.repository.ts';
import { claimDay, parisDay } from './platform/daily-jobs.ts';
import { purgeJournal } from './platform/journal/journal.ts';
import { purgeOutbox, purgeSpool } from './platform/mail/index.ts';
import { purgeRateCounters } from './platform/rate-limit.ts';

/**
 * The retention schedule (docs/decisions.md, « Conservation des données »): personal data whose
 * purpose is served is deleted. Each feature deletes its own rows; this module only composes them.
 */
export type RetentionCounts = {
  etudiants: number;
  inscriptions: number;
  partenaires: number;
  logos: number;
  courriels: number;
  piecesJointes: number;
  sessions: number;
  compteursLimites: number;
  /** Landlords' personal links past their expiry (LANDLORD_LINK_DAYS after their mail). */
  liensProprietaires: number;
  /** Journal lines older than the retention period (they name agents, students, landlords). */
  journal: number;
};

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** One run at a time across every server process on the database; PGlite runs the same SQL. */
const RETENTION_LOCK = sql`hashtext('guichet:retention')`;

/** Takes the run's lock for the rest of the transaction; false when another run holds it. */
export async function tryRetentionLock(tx: DbOrTx): Promise<boolean> {
  const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  return res.rows[0]?.ok === true;
}

/**
 * Applies the schedule as of `now`, in one transaction: all of it or none. Returns how many rows
 * of each kind went, or `undefined` when another process is running it at this moment.
 */
export async function runRetention(
  db: Db,
  config: Pick<Config, 'retentionDays' | 'sessionIdleMinutes'>,
  now = new Date(),
): Promise<RetentionCounts | undefined> {
  const outcome = await retentionPass(db, config, now);
  return typeof outcome === 'string' ? undefined : outcome;
}

/**
 * The pass itself. With `day`, the daily job's: the day is claimed in the same transaction, so it
 * runs once per day across processes ('done': some process already ran it that day). Also the
 * `retention` entry of `npm run job` (jobs.ts).
 */
export async function retentionPass(
  db: Db,
  config: Pick<Config, 'retentionDays' | 'sessionIdleMinutes'>,
  now: Date,
  day?: string,
): Promise<RetentionCounts | 'busy' | 'done'> {
  const before = new Date(now.getTime() - config.retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    if (!(await tryRetentionLock(tx))) return 'busy';
    if (day && !(await claimDay(tx, 'retention', day))) return 'done';
    // A first run over a large backlog may delete for longer than a request's statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    const etudiants = await etudiantsRepository.purge(tx, before);
    const inscriptions = await inscriptionsRepository.purgeEnded(tx, before);
    const liensProprietaires = await purgeExpiredLandlordLinks(tx, now);
    const refused = await partenairesRepository.purgeRefused(tx, before);
    // Their logos, once no other partner and no pending proposal uses them.
    const logos = await logosRepository.deleteUnused(tx, refused.logos);
    const sessions = await sessionsRepository.purgeIdle(
      tx,
      new Date(now.getTime() - config.sessionIdleMinutes * 60_000),
    );
    // Normally gone within minutes (each process purges them); this catches a quiet portal's last ones.
    const compteursLimites = await purgeRateCounters(tx, now);
    const journal = await purgeJournal(tx, before);
    // Last: its lock on the attachment bodies makes mail being queued with one wait until commit.
    const mail = await purgeOutbox(tx, before);
    return {
      etudiants,
      inscriptions,
      partenaires: refused.partenaires,
      logos,
      ...mail,
      sessions,
      compteursLimites,
      liensProprietaires,
      journal,
    };
  });
}

export type RetentionLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
export type RetentionJob = { stop: () => Promise<void> };

/**
 * Checks shortly after start, then every hour, whether today's run is done; the first check of a
 * new day (Europe/Paris), in whichever process, runs it (job_runs). The timers never keep the process
 * alive; `stop()` cancels them and waits for a run in progress (call it before closing the database).
 * Only counts are logged: never a row's content.
 */
export function startRetentionJob(opts: {
  db: Db;
  /** `dataDir`: this process's .eml spool, purged on the same schedule (each process has its own). */
  config: Pick<Config, 'retentionDays' | 'sessionIdleMinutes'> & { dataDir?: string };
  log: RetentionLog;
  firstDelayMs?: number;
  intervalMs?: number;
  /** The time each check reads (tests). */
  clock?: () => Date;
}): RetentionJob {
  const { db, config, log } = opts;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    const started = Date.now();
    const now = opts.clock?.() ?? new Date();
    const day = parisDay(now);
    running = retentionPass(db, config, now, day)
      .then(async (counts) => {
        // The spool is this process's own folder: purged here whichever process ran the database part.
        const before = new Date(now.getTime() - config.retentionDays * DAY_MS);
        const fichiersEml = config.dataDir ? await purgeSpool(config.dataDir, before) : 0;
        if (typeof counts === 'object')
          log.info({ ...counts, day, fichiersEml, ms: Date.now() - started }, 'conservation des données appliquée');
        else if (counts === 'busy')
          log.info({ day, fichiersEml }, 'conservation des données déjà en cours dans un autre processus');
        else log.info({ day, fichiersEml }, 'conservation des données déjà faite aujourd’hui');
      })
      .catch((err: unknown) =>
        log.error({ err, day }, 'conservation des données interrompue, nouvel essai dans une heure'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, opts.firstDelayMs ?? 60_000);
  const daily = setInterval(run, opts.intervalMs ?? HOUR_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
