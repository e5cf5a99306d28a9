import { z } from 'zod';
// The French locale alone, not the index of 'zod/locales' (all forty); the server's bundle also drops
// the one zod's entry re-exports (scripts/build-server.mjs).
import fr from 'zod/v4/locales/fr.js';
import { FIELD_MESSAGES } from './messages.ts';

// What zod writes itself, for a check the contract gives no sentence to, is French too
// (« Trop grand : nombre doit être <=5 »): a 400 never answers in English.
z.config(fr());

/** `{ status: 'error', errors: [{ key, error }] }`: every validation failure (docs/spec/decisions.md §5). */
export const fieldErrorSchema = z.object({ key: z.string(), error: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string().optional(),
  errors: z.array(fieldErrorSchema),
  /** A machine-readable reason, when the client must act on it (e.g. `mot_de_passe_a_changer`). */
  reason: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
export type Success = z.infer<typeof successSchema>;

/**
 * The `key` of an error at this path: the field's own name, the last segment that is not an array
 * index (`['logement', 'etage']` → `etage`, `['selection', 3]` → `selection`), since forms name
 * their fields that way; anything under `sort` is the sort itself; `_` for the whole value.
 * Path segments may arrive as text (`'3'`, from a JSON pointer): they count as indexes too.
 */
export function fieldKey(path: readonly PropertyKey[]): string {
  if (path[0] === 'sort') return 'sort';
  const last = path.findLast((p) => typeof p !== 'number' && !/^\d+$/.test(String(p)));
  return last === undefined ? '_' : String(last);
}

/** Turns validation issues into the spec's `{ key, error }` list: one entry per field, its first message. */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, error: issue.message });
  }
  return out;
}

/**
 * True when a string holds something no one types and PostgreSQL cannot store or should not: a
 * control character other than tab, line feed and carriage return (NUL is refused by `text`
 * columns: it was a 500), and a lone UTF-16 surrogate (JSON allows "\ud800"; it would be stored
 * as U+FFFD, not as what was sent).
 */
export function hasForbiddenCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    } else if (c >= 0x7f && c <= 0x9f) return true;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** A string without control character or lone surrogate (400, not a database error). */
export const safeString = (params?: { error?: string }) =>
  z.string(params).refine((s) => !hasForbiddenCharacter(s), { error: FIELD_MESSAGES.caractere });

/** CR, LF and the Unicode line and paragraph separators: what makes a value more than one line. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** A C0 or C1 control character (tab included), by code: a one-line field has no use for any. */
const hasControl = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
};

/**
 * Why a one-line value is refused, or null: a line break (CR, LF, or the Unicode line and paragraph
 * separators), another control character (tab included), or a lone surrogate.
 */
export function oneLineProblem(s: string): string | null {
  if (LINE_BREAK.test(s)) return FIELD_MESSAGES.ligne;
  if (hasControl(s) || hasForbiddenCharacter(s)) return FIELD_MESSAGES.caractere;
  return null;
}

/**
 * A one-line field a person types (names, addresses, towns, functions, links, e-mails): checked as
 * sent, before trimming, so a trailing line break is refused and not silently cut; then trimmed,
 * and empty means missing. Every one-line field of the public forms is built on it.
 */
export const oneLineText = (max: number, required: string = FIELD_MESSAGES.obligatoire) =>
  oneLineString(max, { error: required }).min(1, { error: required });

/** The same, where empty is allowed (an optional field): one line, trimmed, at most `max`. */
export const oneLineString = (max: number, params?: { error?: string }) =>
  z
    .string(params)
    .check((ctx) => {
      const problem = oneLineProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .trim()
    .max(max, { error: FIELD_MESSAGES.tropLong(max) });

/** The one-line field, under the name the field tables have always used. */
export const text = oneLineText;

/**
 * A multi-line field (a presentation, a reason): line feeds and tabs are kept, a CR (Windows' CRLF,
 * a form posted without script) becomes a line feed; any other control character is refused.
 */
export const multilineText = (max: number, required: string = FIELD_MESSAGES.obligatoire) =>
  z
    .string({ error: required })
    .refine((s) => !hasForbiddenCharacter(s), { error: FIELD_MESSAGES.caractere })
    .transform((s) => s.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: required })
        .max(max, { error: FIELD_MESSAGES.tropLong(max) }),
    );

/** Identifiers are PostgreSQL `integer`/`serial`: beyond 2^31 - 1 the query itself would fail. */
export const ID_MAX = 2_147_483_647;
/** A row id in a JSON body: a whole number from 1 to 2^31 - 1. */
export const idSchema = (message: string = FIELD_MESSAGES.identifiant) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message });
/** A row id in a path or query string (text, coerced): same bounds. */
export const idParam = (message: string = FIELD_MESSAGES.identifiant) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(ID_MAX, { error: message });
export const idParamsSchema = z.object({ id: idParam() });

/**
 * A calendar day `YYYY-MM-DD` that exists (2025-02-30 does not: PostgreSQL would refuse the cast),
 * years 1 to 9999.
 */
export const daySchema = z
  .string({ error: FIELD_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FIELD_MESSAGES.date })
  .refine(isCalendarDay, { error: FIELD_MESSAGES.date });
export function isCalendarDay(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  if (!(y >= 1 && m >= 1 && m <= 12 && d >= 1)) return false;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The honeypot of every public form (defined apart, free of zod, for the forms' first screen). */
export { HONEYPOT_FIELD } from './forms.ts';
