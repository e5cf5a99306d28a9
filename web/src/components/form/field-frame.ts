/** What every bound field shares (fields.tsx, radio-input.tsx): its props, its controller, its choices. */
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { ContractForm } from './use-contract-form.ts';

/**
 * Fields bound to a `useContractForm` by name: each has its label, `aria-invalid` when in error and
 * its error (or help) under it, linked by `aria-describedby`.
 */
export type Bound<T extends FieldValues, O extends FieldValues> = {
  form: ContractForm<T, O>;
  name: FieldPath<T>;
  label: ReactNode;
  /** Defaults to `${idPrefix}-${name}`. */
  id?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field while it has no error (a blank line keeps the layout still), or built from the error. */
  help?: ReactNode | ((error: string | undefined) => ReactNode);
};

const helpText = (help: Bound<FieldValues, FieldValues>['help'], error: string | undefined) =>
  typeof help === 'function' ? help(error) : (error ?? help ?? ' ');

/** A choice: its value as the form holds it, and what the person reads. */
export type Option = string | { value: string | number | boolean | null; label: string };
/** A native control's value is text: `null` is the empty choice. */
export const encode = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The choices as a native control (a select, radios) holds them: each one's value as text, its
 * label and its typed value; `chosen(text)` finds the choice a control's text stands for (none for
 * the empty choice).
 */
export function nativeChoices(options: readonly Option[]) {
  const choices = options.map((o) => {
    const value = typeof o === 'string' ? o : o.value;
    return { text: encode(value), label: typeof o === 'string' ? o : o.label, value };
  });
  return { choices, chosen: (text: string) => choices.find((c) => c.text === text) };
}

/**
 * What every bound field shares: its controller, its id, and what it shows of its state (label,
 * `required`, `disabled`, the error flag, the text under it).
 */
export function useFieldFrame<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  label,
  id,
  required,
  disabled,
  help,
}: Bound<T, O>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const error = fieldState.error?.message;
  return {
    field,
    error,
    /** What the field's frame shows (`FieldFrame` in fields.tsx). */
    textField: {
      id: id ?? form.fieldId(name),
      name,
      label,
      required,
      disabled,
      inputRef: field.ref,
      error: !!error,
      helperText: helpText(help, error),
    },
  };
}
