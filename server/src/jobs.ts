import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { type Db, runsSideBySide } from './db/client.ts';
import { runDigest } from './features/digest/digest.service.ts';
import { runOfferCheck } from './features/inscriptions/offer-check.ts';
import { claimDay, parisDay } from './platform/daily-jobs.ts';
import { createMailer, purgeSpool } from './platform/mail/index.ts';
import { retentionPass } from './retention.ts';

/**
 * The scheduled jobs `npm run job -- <name> [--date YYYY-MM-DD]` can run on demand (cli/user-commands.ts),
 * whether the command opens the database itself or asks the running portal. A job claims its day
 * (platform/daily-jobs.ts) in its own transaction (offer-check: in its last batch's): a second run for
 * the same day does nothing.
 * The next job joins by adding one entry to `JOBS`, and to the `names` the portal schedules in main.ts.
 */
export type JobConfig = Pick<
  Config,
  'retentionDays' | 'sessionIdleMinutes' | 'dataDir' | 'publicUrl' | 'offerCheckDays' | 'offerGraceDays' | 'ageingDays'
> & {
  /** Wakes this process's mail dispatcher once a job has queued mail (the portal's; none in a command). */
  wakeMail?: () => void;
  /** The time a run by hand reads to know today (tests). */
  clock?: () => Date;
};

/** What a run did: French lines for the terminal, or why it did nothing. */
export type JobOutcome =
  | { ran: true; lines: string[] }
  | { ran: false; reason: 'done' | 'busy' }
  /** Nothing for this job to do on this database, and why (French). */
  | { ran: false; reason: 'needless'; why: string };

export type Job = {
  /** One French line for the usage text. */
  description: string;
  /** The portal's schedule runs it only in the office's night (`NIGHT`, Europe/Paris); by hand, any time. */
  night?: true;
  /** How many days after today (Europe/Paris) a run by hand may take as its date; JOB_DAYS_AHEAD unless said. */
  daysAhead?: number;
  /** Runs the job as of `now` for the office's day `day` (Europe/Paris), claiming that day. */
  run: (db: Db, config: JobConfig, now: Date, day: string) => Promise<JobOutcome>;
};

const DAY_MS = 24 * 3600_000;

const RETENTION_LABELS: [string, string][] = [
  ['etudiants', 'demandes d’étudiants'],
  ['inscriptions', 'offres de logement refusées'],
  ['liensProprietaires', 'liens personnels expirés'],
  ['partenaires', 'partenaires refusés'],
  ['logos', 'logos inutilisés'],
  ['courriels', 'courriels'],
  ['piecesJointes', 'pièces jointes'],
  ['sessions', 'sessions inactives'],
  ['compteursLimites', 'compteurs de limites'],
  ['journal', 'lignes du journal'],
  ['fichiersEml', 'fichiers .eml'],
];

export const JOBS = {
  retention: {
    description: 'supprime les données personnelles dont la durée de conservation est passée (RETENTION_DAYS)',
    // It erases: a date in the future would erase what is not yet due (decisions §6.8).
    daysAhead: 1,
    async run(db, config, now, day) {
      const counts = await retentionPass(db, config, now, day);
      if (typeof counts === 'string') return { ran: false, reason: counts };
      // This process's .eml spool, like the portal's daily run.
      const fichiersEml = await purgeSpool(config.dataDir, new Date(now.getTime() - config.retentionDays * DAY_MS));
      const all: Record<string, number> = { ...counts, fichiersEml };
      return {
        ran: true,
        lines: ['Supprimés :', ...RETENTION_LABELS.map(([key, label]) => `  ${label.padEnd(28)} ${all[key] ?? 0}`)],
      };
    },
  },
  'offer-check': {
    description:
      'demande aux propriétaires si leur logement est toujours disponible (OFFER_CHECK_DAYS), archive les offres restées sans réponse (OFFER_GRACE_DAYS)',
    async run(db, config, now, day) {
      const mail = createMailer({ publicUrl: config.publicUrl, wake: () => config.wakeMail?.() });
      const deps = { db, mail, checkDays: config.offerCheckDays, graceDays: config.offerGraceDays };
      const counts = await runOfferCheck(deps, now, day);
      if (typeof counts === 'string') return { ran: false, reason: counts };
      return {
        ran: true,
        lines: [
          `  courriels « toujours disponible ? » envoyés  ${counts.relances}`,
          `  offres archivées faute de réponse           ${counts.expirees}`,
        ],
      };
    },
  },
  digest: {
    description:
      'envoie le résumé quotidien aux agents qui l’ont demandé (nouveautés, attentes de plus de AGEING_DAYS jours, courriels en échec)',
    async run(db, config, now, day) {
      const mail = createMailer({ publicUrl: config.publicUrl, wake: () => config.wakeMail?.() });
      const counts = await runDigest({ db, mail, ageingDays: config.ageingDays }, now, day);
      if (typeof counts === 'string') return { ran: false, reason: counts };
      return {
        ran: true,
        lines: [
          `  résumés envoyés                       ${counts.envoyes}`,
          `  agents sans rien à signaler            ${counts.rienANoter}`,
          `  agents sans adresse électronique       ${counts.sansAdresse}`,
        ],
      };
    },
  },
  vacuum: {
    description:
      'refait les statistiques du planificateur et récupère la place des lignes supprimées (la base embarquée n’a pas d’autovacuum : le portail la lance chaque nuit)',
    night: true,
    async run(db, _config, _now, day) {
      // A pooled handle is PostgreSQL's (db/client.ts).
      if (runsSideBySide(db))
        return { ran: false, reason: 'needless', why: 'PostgreSQL le fait de lui-même (autovacuum)' };
      if (!(await db.transaction((tx) => claimDay(tx, 'vacuum', day)))) return { ran: false, reason: 'done' };
      const lines: string[] = [];
      // ANALYZE first: after a single « vacuum analyze » the planner saw no page all-visible (bench/seed.ts).
      for (const [statement, label] of [
        ['analyze', 'statistiques refaites en'],
        ['vacuum', 'place récupérée en'],
      ]) {
        const start = performance.now();
        await db.execute(sql.raw(statement));
        lines.push(`  ${label.padEnd(28)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
      }
      return { ran: true, lines };
    },
  },
} satisfies Record<string, Job>;

/** The office's night, in Paris hours [from, to): a job marked `night` waits for it. */
export const NIGHT = { from: 2, to: 6 };
const parisHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' });
export const atNight = (now: Date) => {
  const hour = Number(parisHour.format(now));
  return hour >= NIGHT.from && hour < NIGHT.to;
};

export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as [JobName, ...JobName[]];

/**
 * The moment a run for `date` takes as « now »: the real one for today, so that a run by hand
 * does what the portal's daily run does; midday (UTC, so that day in Paris) for any other date.
 */
export function jobClock(date: string | undefined, real = new Date()): { now: Date; day: string } {
  if (!date || date === parisDay(real)) return { now: real, day: parisDay(real) };
  return { now: new Date(`${date}T12:00:00Z`), day: date };
}

/** Another process is running the same job at this moment (French message). */
export class JobBusyError extends Error {}
/** The date asked is too far ahead for the job (French message); nothing ran. */
export class JobDateError extends Error {}

/** How far ahead a job run by hand may look, so that what will happen can be seen (decisions §6.8). */
export const JOB_DAYS_AHEAD = 400;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Refuses a `date` later than the job allows, counted from `today` (the office's day, parisDay). */
export function checkJobDate(name: JobName, date: string, today: string): void {
  const ahead = (JOBS[name] as Job).daysAhead ?? JOB_DAYS_AHEAD;
  const latest = addDays(today, ahead);
  if (date <= latest) return;
  throw new JobDateError(
    ahead === 1
      ? `La tâche « ${name} » efface des données : elle ne peut pas tourner pour le ${date}, une date après demain ` +
          `(${latest}), car elle effacerait ce qui n’est pas encore échu. Rien n’a été fait.`
      : `La tâche « ${name} » ne peut pas tourner pour le ${date} : au plus ${ahead} jours après aujourd’hui ` +
          `(le ${latest}). Rien n’a été fait.`,
  );
}

/** The office's day a run of `name` by hand takes as its date, once the date asked is checked. */
export function jobDay(name: JobName, date: string | undefined, real: Date): { now: Date; day: string } {
  if (date) checkJobDate(name, date, parisDay(real));
  return jobClock(date, real);
}

/** Runs `name` as if today were `date` (default: today); the French lines to print. */
export async function runJob(db: Db, config: JobConfig, name: JobName, date?: string): Promise<string[]> {
  const { now, day } = jobDay(name, date, config.clock?.() ?? new Date());
  const outcome = await JOBS[name].run(db, config, now, day);
  if (!outcome.ran && outcome.reason === 'busy') {
    throw new JobBusyError(
      `Tâche « ${name} » en cours dans un autre processus : rien de fait, réessayez dans un instant.`,
    );
  }
  if (!outcome.ran && outcome.reason === 'needless') return [`Tâche « ${name} » sans objet : ${outcome.why}.`];
  if (!outcome.ran) return [`Tâche « ${name} » déjà faite pour le ${day} : rien de plus.`];
  return [`Tâche « ${name} » faite pour le ${day}.`, ...outcome.lines];
}

export type DailyJobs = { stop: () => Promise<void> };

/**
 * The portal's schedule for the jobs named: shortly after start, then every hour, each runs for
 * today (Europe/Paris) unless some process already has (job_runs). `retention` keeps its own
 * loop (retention.ts: it also purges this process's spool every hour). Timers never keep the
 * process alive; `stop()` waits for a run in progress (call it before closing the database).
 */
export function startDailyJobs(opts: {
  db: Db;
  config: JobConfig;
  names: JobName[];
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  firstDelayMs?: number;
  intervalMs?: number;
  /** The time each check reads (tests). */
  clock?: () => Date;
}): DailyJobs {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runAll = async () => {
    for (const name of opts.names) {
      if (stopped) return;
      const now = opts.clock?.() ?? new Date();
      if ((JOBS[name] as Job).night && !atNight(now)) continue;
      try {
        const outcome = await JOBS[name].run(opts.db, opts.config, now, parisDay(now));
        if (outcome.ran)
          opts.log.info({ job: name, day: parisDay(now), lines: outcome.lines }, 'tâche quotidienne faite');
      } catch (err) {
        opts.log.error(
          { err, job: name, day: parisDay(now) },
          'tâche quotidienne interrompue, nouvel essai dans une heure',
        );
      }
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = runAll().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(tick, opts.firstDelayMs ?? 60_000);
  const hourly = setInterval(tick, opts.intervalMs ?? 3600_000);
  first.unref();
  hourly.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(hourly);
      await running;
    },
  };
}
