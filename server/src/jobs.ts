import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { parisDay } from './platform/daily-jobs.ts';
import { purgeSpool } from './platform/mail/index.ts';
import { retentionPass } from './retention.ts';

/**
 * The scheduled jobs `npm run job -- <name> [--date YYYY-MM-DD]` can run on demand (cli/user-commands.ts),
 * whether the command opens the database itself or asks the running portal. A job claims its day
 * (platform/daily-jobs.ts) in its own transaction: a second run for the same day does nothing.
 * The next job joins by adding one entry to `JOBS`.
 */
export type JobConfig = Pick<Config, 'retentionDays' | 'sessionIdleMinutes' | 'dataDir'>;

/** What a run did: French lines for the terminal, or why it did nothing. */
export type JobOutcome = { ran: true; lines: string[] } | { ran: false; reason: 'done' | 'busy' };

export type Job = {
  /** One French line for the usage text. */
  description: string;
  /** Runs the job as of `now` for the office's day `day` (Europe/Paris), claiming that day. */
  run: (db: Db, config: JobConfig, now: Date, day: string) => Promise<JobOutcome>;
};

const DAY_MS = 24 * 3600_000;

const RETENTION_LABELS: [string, string][] = [
  ['etudiants', 'demandes d’étudiants'],
  ['inscriptions', 'offres de logement refusées'],
  ['partenaires', 'partenaires refusés'],
  ['logos', 'logos inutilisés'],
  ['courriels', 'courriels'],
  ['piecesJointes', 'pièces jointes'],
  ['sessions', 'sessions inactives'],
  ['compteursLimites', 'compteurs de limites'],
  ['fichiersEml', 'fichiers .eml'],
];

export const JOBS = {
  retention: {
    description: 'supprime les données personnelles dont la durée de conservation est passée (RETENTION_DAYS)',
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
} satisfies Record<string, Job>;

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

/** Runs `name` as if today were `date` (default: today); the French lines to print. */
export async function runJob(db: Db, config: JobConfig, name: JobName, date?: string): Promise<string[]> {
  const { now, day } = jobClock(date);
  const outcome = await JOBS[name].run(db, config, now, day);
  if (!outcome.ran && outcome.reason === 'busy') {
    throw new JobBusyError(
      `Tâche « ${name} » en cours dans un autre processus : rien de fait, réessayez dans un instant.`,
    );
  }
  if (!outcome.ran) return [`Tâche « ${name} » déjà faite pour le ${day} : rien de plus.`];
  return [`Tâche « ${name} » faite pour le ${day}.`, ...outcome.lines];
}
