import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './platform/client-address.ts';

const url = (protocols: string[], what: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `${what} doit être une URL ${protocols.join(' ou ')}` },
  );

// At least 30 days, so a request can be handled and a refusal questioned; a typo such as `3`
// must not wipe the data of the last months.
const retentionError = { error: 'RETENTION_DAYS doit être un nombre entier de jours, entre 30 et 3650' };
const retentionDays = z.coerce
  .number(retentionError)
  .int(retentionError)
  .min(30, retentionError)
  .max(3650, retentionError);

/** A whole number of days within bounds, with the French sentence a wrong value stops the start with. */
const days = (name: string, min: number, max: number) => {
  const error = { error: `${name} doit être un nombre entier de jours, entre ${min} et ${max}` };
  return z.coerce.number(error).int(error).min(min, error).max(max, error);
};

const kilobytes = (name: string) => {
  const error = { error: `${name} doit être un nombre entier de Ko, au moins 1` };
  return z.coerce.number(error).int(error).min(1, error);
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'DATABASE_URL').optional(),
  PUBLIC_URL: url(['http:', 'https:'], 'PUBLIC_URL').optional(),
  SMTP_URL: z
    .string()
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
        } catch {
          return false;
        }
      },
      { error: 'SMTP_URL doit être une URL smtp:// ou smtps:// avec un serveur, par exemple smtp://127.0.0.1:2525' },
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'MAIL_FROM doit être une adresse e-mail, par exemple "Guichet <guichet@example.fr>"',
    })
    .default('Guichet numérique étudiant <ne-pas-repondre@guichet.local>'),
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  // Staff passwords are at least 12 characters, the first administrator's too (issue 14).
  ADMIN_PASSWORD: z.string().min(12, { error: 'ADMIN_PASSWORD doit contenir au moins 12 caractères' }).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce
    .number({ error: 'SESSION_MAX_HOURS doit être un nombre entier d’heures, entre 1 et 168' })
    .int({ error: 'SESSION_MAX_HOURS doit être un nombre entier d’heures, entre 1 et 168' })
    .min(1, { error: 'SESSION_MAX_HOURS doit être un nombre entier d’heures, entre 1 et 168' })
    .max(168, { error: 'SESSION_MAX_HOURS doit être un nombre entier d’heures, entre 1 et 168' })
    .default(12),
  // How long a process trusts a session it read: the bound on another process's logout or disable.
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'SESSION_CACHE_SECONDS doit être un nombre entier de secondes, entre 0 et 60' })
    .int({ error: 'SESSION_CACHE_SECONDS doit être un nombre entier de secondes, entre 0 et 60' })
    .min(0, { error: 'SESSION_CACHE_SECONDS doit être un nombre entier de secondes, entre 0 et 60' })
    .max(60, { error: 'SESSION_CACHE_SECONDS doit être un nombre entier de secondes, entre 0 et 60' })
    .default(5),
  RETENTION_DAYS: retentionDays.default(365),
  PARTNER_LINK_DAYS: z.coerce
    .number({ error: 'PARTNER_LINK_DAYS doit être un nombre entier de jours, entre 1 et 365' })
    .int({ error: 'PARTNER_LINK_DAYS doit être un nombre entier de jours, entre 1 et 365' })
    .min(1, { error: 'PARTNER_LINK_DAYS doit être un nombre entier de jours, entre 1 et 365' })
    .max(365, { error: 'PARTNER_LINK_DAYS doit être un nombre entier de jours, entre 1 et 365' })
    .default(60),
  OFFER_CHECK_DAYS: days('OFFER_CHECK_DAYS', 7, 365).default(30),
  OFFER_GRACE_DAYS: days('OFFER_GRACE_DAYS', 3, 90).default(14),
  AGEING_DAYS: days('AGEING_DAYS', 1, 365).default(7),
  LOGO_QUOTA_KB_PER_ADDRESS: kilobytes('LOGO_QUOTA_KB_PER_ADDRESS').default(20 * 1024),
  LOGO_QUOTA_KB_TOTAL: kilobytes('LOGO_QUOTA_KB_TOTAL').default(200 * 1024),
  JOBS_FIRST_CHECK_SECONDS: z.coerce
    .number({ error: 'JOBS_FIRST_CHECK_SECONDS doit être un nombre entier de secondes, entre 0 et 3600' })
    .int({ error: 'JOBS_FIRST_CHECK_SECONDS doit être un nombre entier de secondes, entre 0 et 3600' })
    .min(0, { error: 'JOBS_FIRST_CHECK_SECONDS doit être un nombre entier de secondes, entre 0 et 3600' })
    .max(3600, { error: 'JOBS_FIRST_CHECK_SECONDS doit être un nombre entier de secondes, entre 0 et 3600' })
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const { entries, invalid } = parseTrustProxy(value);
      for (const entry of invalid) {
        const message = `TRUST_PROXY : « ${entry} » n’est ni une adresse IP ni un réseau CIDR (par exemple 127.0.0.1, 10.0.0.0/8 ou fd00::/8)`;
        ctx.addIssue({ code: 'custom', message });
      }
      return entries;
    }),
});

/** The environment read into the server's settings: the one definition of `Config`. */
const configSchema = envSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  dataDir: path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  smtpUrl: e.SMTP_URL,
  mailFrom: e.MAIL_FROM,
  publicFormRateLimit: e.PUBLIC_FORM_RATE_LIMIT,
  adminUsername: e.ADMIN_USERNAME,
  adminPassword: e.ADMIN_PASSWORD,
  sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
  /** Hours after login a session ends, however active (absolute lifetime). */
  sessionMaxHours: e.SESSION_MAX_HOURS,
  /** Seconds a process keeps a session it read (platform/session-cache.ts); 0 reads it at every request. */
  sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
  /** Days personal data is kept once its purpose is served (retention.ts, docs/decisions.md). */
  retentionDays: e.RETENTION_DAYS,
  /** Days a partner's renewal link works after it was mailed (then 404 like an unknown link). */
  partnerLinkDays: e.PARTNER_LINK_DAYS,
  /** Days after its last confirmation a validated offer's landlord is asked « still available? » (issue 17). */
  offerCheckDays: e.OFFER_CHECK_DAYS,
  /** Days a landlord has to answer that question before the offer is archived (motif `expiree`). */
  offerGraceDays: e.OFFER_GRACE_DAYS,
  /** Days after which an item still waiting (« En attente », proposed changes) is flagged to staff (issue 18). */
  ageingDays: e.AGEING_DAYS,
  /** Logo bytes one address may upload in 24 hours, in KB (features/logos/logo-quota.ts). */
  logoQuotaKbPerAddress: e.LOGO_QUOTA_KB_PER_ADDRESS,
  /** Bytes of logos not yet used by any partner that the database may hold, in KB. */
  logoQuotaKbTotal: e.LOGO_QUOTA_KB_TOTAL,
  /** Seconds after start before the scheduled jobs first check whether today's run is done (then hourly). */
  jobsFirstCheckSeconds: e.JOBS_FIRST_CHECK_SECONDS,
  logLevel: e.LOG_LEVEL,
  /** Where the built web app lives, set by main.ts; absent in API-only tests. */
  webDist: undefined as string | undefined,
  /** Reverse proxies (addresses, CIDR) whose X-Forwarded-For gives the client's address; none by default. */
  trustProxy: e.TRUST_PROXY,
}));
export type Config = z.output<typeof configSchema>;

/** Parses the environment once; a bad value stops the start with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return parsed.data;
}
