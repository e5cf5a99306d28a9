import { z } from 'zod';

/**
 * One field of a form, written once: its French label (form, recap, detail page, CSV header), the
 * schema that checks what is typed, the schema of the value as stored and sent back, and for a
 * typed field its maximum length (the input stops there and the check refuses beyond).
 */
export type Field = {
  readonly label: string;
  readonly input: z.ZodType;
  readonly stored: z.ZodType;
  readonly max?: number;
};
/** A domain's fields, in the order the forms show them. */
export type FieldTable = Readonly<Record<string, Field>>;

/** A field a person types: `max` caps the input and builds the check. */
export function textField<S extends z.ZodType, T extends z.ZodType = z.ZodString>(
  label: string,
  max: number,
  input: (max: number) => S,
  stored?: T,
) {
  return { label, max, input: input(max), stored: (stored ?? z.string()) as T };
}

/** A field chosen (a list, yes/no, a file name): nothing to cap. */
export function choiceField<S extends z.ZodType, T extends z.ZodType = z.ZodString>(
  label: string,
  input: S,
  stored?: T,
) {
  return { label, input, stored: (stored ?? z.string()) as T };
}

type Column<T extends FieldTable, P extends 'label' | 'input' | 'stored'> = { [K in keyof T]: T[K][P] };
const column = <T extends FieldTable, P extends 'label' | 'input' | 'stored'>(table: T, p: P) =>
  Object.fromEntries(Object.entries(table).map(([k, f]) => [k, f[p]])) as Column<T, P>;

/** The shape of the request schema: what is typed, checked and normalized. */
export const inputShape = <T extends FieldTable>(table: T) => column(table, 'input');
/** The shape of the stored value as read back (a response is never re-validated). */
export const storedShape = <T extends FieldTable>(table: T) => column(table, 'stored');
