import type { FastifyBaseLogger } from 'fastify';

/**
 * Security events (ASVS 7.1.3, 7.2.1): one structured pino entry each, `securite` naming the
 * event. Who (an agent id, never a name, a password or a token), what (a route, a file, a count
 * of ids) and the outcome. Personal data stays out: a log is read by more people than the data.
 */
export type SecurityEvent =
  | 'connexion_reussie'
  | 'connexion_echouee'
  | 'connexion_bloquee'
  | 'acces_refuse'
  | 'roles_modifies'
  | 'mot_de_passe_change'
  | 'export_donnees'
  | 'action_groupee_etudiants';

export type SecurityFields = Record<string, string | number | boolean | number[] | undefined>;

const WARN: ReadonlySet<SecurityEvent> = new Set(['connexion_echouee', 'connexion_bloquee', 'acces_refuse']);

export function securityEvent(log: FastifyBaseLogger, event: SecurityEvent, fields: SecurityFields = {}) {
  const entry = { securite: event, ...fields };
  if (WARN.has(event)) log.warn(entry, `sécurité : ${event}`);
  else log.info(entry, `sécurité : ${event}`);
}

/**
 * Query keys that say how a list is shown, never what was typed: only these reach a log line.
 * Search terms, filters (a phone, a name) and the wizard's field checks carry personal data.
 */
const HARMLESS_KEY = /^(?:page|rowsPerPage|annee|sort\[[A-Za-z]{1,40}\])$/;
const HARMLESS_VALUE = /^[A-Za-z0-9_-]{0,20}$/;

/** As a query is read: `+` is a space; a part with neither `%` nor `+` is left as it is. */
const decoded = (s: string) => (s.includes('%') || s.includes('+') ? decodeURIComponent(s.replaceAll('+', ' ')) : s);

/**
 * The URL as a log may hold it: the path, and of the query only the allow-listed keys. Called for
 * every request's line: a part is decoded only when it has something to decode (8 → 2–3 µs for a
 * list's address; docs/benchmarks.md, seizième passe). A value stops at its second `=`, as
 * `split('=')` read it.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept: string[] = [];
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const end = eq < 0 ? -1 : pair.indexOf('=', eq + 1);
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1, end < 0 ? undefined : end);
    let key: string;
    let value: string;
    try {
      key = decoded(rawKey);
      value = decoded(rawValue);
    } catch {
      continue;
    }
    if (HARMLESS_KEY.test(key) && HARMLESS_VALUE.test(value)) kept.push(`${key}=${value}`);
  }
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/** Runs an action and logs it as `event` with its outcome: done, or refused with the status. */
export async function loggedAction<T>(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  fields: SecurityFields,
  action: () => Promise<T>,
): Promise<T> {
  try {
    const result = await action();
    securityEvent(log, event, { ...fields, resultat: 'effectue' });
    return result;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    securityEvent(log, event, { ...fields, resultat: 'refuse', status });
    throw err;
  }
}
