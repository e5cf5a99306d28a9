import { z } from 'zod';

/** `{ status: 'error', errors: [{ key, error }] }`: every validation failure (decisions §5). */
export const fieldErrorSchema = z.object({ key: z.string(), error: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string().optional(),
  errors: z.array(fieldErrorSchema),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
export type Success = z.infer<typeof successSchema>;

/** Turns zod issues into the spec's `{ key, error }` list, keyed by the field name. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[issue.path.length - 1]) : '_';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, error: issue.message });
  }
  return out;
}

/** A string field a person types: trimmed; empty means missing. */
export const text = (max: number, required = 'Ce champ est obligatoire.') =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Ce champ ne doit pas dépasser ${max} caractères.` });

/**
 * The honeypot of every public form: hidden from people (and from assistive technologies),
 * filled in by robots. The server ignores a submission that fills it.
 */
export const HONEYPOT_FIELD = 'siteWebConfirmation';
