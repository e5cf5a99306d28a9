import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { BannerAlert } from '../banner.tsx';
import { type Bound, encode, nativeChoices, type Option, useFieldFrame } from './field-frame.ts';
import { FieldBox, FieldLabel, HelpText, Input, Select, Textarea } from './field-styles.ts';
import { useLengthNote } from './length-note.tsx';
import type { ContractForm } from './use-contract-form.ts';

// The radio group has a file of its own (radio-input.tsx): a form without one (the student request)
// does not download it.

type Frame = ReturnType<typeof useFieldFrame>['textField'];

/** What the control itself carries of its frame: its id, its state, the text under it. */
type ControlA11y = {
  id: string;
  required?: boolean;
  disabled?: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string;
};

/**
 * A field on native elements (field-styles.ts): its label above, the control, the text under it
 * linked by `aria-describedby`. A required field's label ends with an asterisk hidden from screen
 * readers, which hear the control's `required` instead.
 */
export function FieldFrame({
  frame,
  note,
  children,
}: {
  frame: Frame;
  /** A second text under the control (its length), and its id while it says something. */
  note?: { id?: string; node: ReactNode };
  children: (control: ControlA11y) => ReactNode;
}) {
  const helpId = `${frame.id}-helper-text`;
  const error = frame.error || undefined;
  return (
    <FieldBox>
      <FieldLabel htmlFor={frame.id} id={`${frame.id}-label`} data-error={error}>
        {frame.label}
        {frame.required && <span aria-hidden="true"> *</span>}
      </FieldLabel>
      {children({
        id: frame.id,
        required: frame.required,
        disabled: frame.disabled,
        'aria-invalid': frame.error,
        'aria-describedby': note?.id ? `${helpId} ${note.id}` : helpId,
      })}
      <HelpText id={helpId} data-error={error}>
        {frame.helperText}
      </HelpText>
      {note?.node}
    </FieldBox>
  );
}

export function TextInput<T extends FieldValues, O extends FieldValues>({
  type,
  autoComplete = 'off',
  maxLength,
  inputMode,
  multiline,
  shape,
  tidy,
  counter = 'near',
  ...bound
}: Bound<T, O> & {
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' | 'date';
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal' | 'email' | 'url';
  multiline?: boolean;
  /** Input behaviour applied as the person types (capitals, phone grouping, length cap). */
  shape?: (raw: string) => string;
  /** Applied when the field is left (a link gets its https://). */
  tidy?: (value: string) => string;
  /** The length counter (with `maxLength`): near the limit of a long field, or from the first character. */
  counter?: 'near' | 'always';
}) {
  const { field, textField } = useFieldFrame(bound);
  const Control = multiline ? Textarea : Input;
  const length = useLengthNote(textField.id, maxLength, String(field.value ?? '').length, counter);
  return (
    <FieldFrame frame={textField} note={{ id: length.describedBy, node: length.note }}>
      {(a11y) => (
        <Control
          {...a11y}
          {...length.handlers}
          name={textField.name}
          ref={textField.inputRef}
          type={multiline ? undefined : type}
          rows={multiline ? 3 : undefined}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          value={field.value ?? ''}
          onChange={(e) => {
            length.changed();
            field.onChange(shape ? shape(e.target.value) : e.target.value);
          }}
          onBlur={() => {
            if (tidy) field.onChange(tidy(String(field.value ?? '')));
            field.onBlur();
          }}
        />
      )}
    </FieldFrame>
  );
}

/** A list as a native select: keyboard and phone friendly, read well by screen readers. */
export function SelectInput<T extends FieldValues, O extends FieldValues>({
  options,
  placeholder = 'Choisir…',
  emptyValue = '',
  ...bound
}: Bound<T, O> & {
  options: readonly Option[];
  /** The empty first choice ("Choisir…", "Aucune"); `null` for none. */
  placeholder?: string | null;
  /** What the empty choice stores. */
  emptyValue?: '' | null;
}) {
  const { field, textField } = useFieldFrame(bound);
  const { choices, chosen } = nativeChoices(options);
  return (
    <FieldFrame frame={textField}>
      {(a11y) => (
        <Select
          {...a11y}
          name={textField.name}
          ref={textField.inputRef}
          value={encode(field.value)}
          onChange={(e) => {
            const choice = chosen(e.target.value);
            field.onChange(choice === undefined ? emptyValue : choice.value);
          }}
          onBlur={field.onBlur}
        >
          {placeholder !== null && <option value="">{placeholder}</option>}
          {choices.map((c) => (
            <option key={c.text} value={c.text}>
              {c.label}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  );
}

/**
 * The form's submit button. While the call runs it is disabled (a screen that changes on success);
 * `keepEnabled` leaves it focusable and only `aria-disabled` (a screen that stays: a disabled button
 * would drop the keyboard focus), the second press being ignored by the form.
 */
export function SubmitButton<T extends FieldValues, O extends FieldValues>({
  form,
  children,
  busyLabel,
  keepEnabled,
  ...rest
}: { form: ContractForm<T, O>; children: ReactNode; busyLabel?: ReactNode; keepEnabled?: boolean } & Omit<
  ButtonProps,
  'type' | 'form' | 'children'
>) {
  const busy = form.busy;
  return (
    <Button
      type="submit"
      variant="contained"
      {...rest}
      disabled={rest.disabled || (busy && !keepEnabled)}
      aria-disabled={busy && keepEnabled ? true : undefined}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

/** The form's success or error banner, hidden after the spec's timings; `closable` adds its close button. */
export function FormBanner<T extends FieldValues, O extends FieldValues>({
  form,
  closable,
}: {
  form: ContractForm<T, O>;
  closable?: boolean;
}) {
  return <BannerAlert banner={form.banner.banner} onClose={closable ? form.banner.clear : undefined} />;
}
