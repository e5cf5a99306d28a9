import {
  Button,
  type ButtonProps,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputLabel,
  NativeSelect,
  OutlinedInput,
  type OutlinedInputProps,
  Radio,
  RadioGroup,
} from '@mui/material';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { BannerAlert } from '../banner.tsx';
import type { ContractForm } from './use-contract-form.ts';

/**
 * Fields bound to a `useContractForm` by name: each has its label, `aria-invalid` when in error and
 * its error (or help) under it, linked by `aria-describedby`.
 */
type Bound<T extends FieldValues, O extends FieldValues> = {
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
const optionValue = (o: Option) => (typeof o === 'string' ? o : o.value);
const optionLabel = (o: Option) => (typeof o === 'string' ? o : o.label);
/** A native control's value is text: `null` is the empty choice. */
const encode = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * What every bound field shares: its controller, its id, and what it shows of its state (label,
 * `required`, `disabled`, the error flag, the text under it).
 */
function useFieldFrame<T extends FieldValues, O extends FieldValues>({
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
    /** What the field's frame shows (`OutlinedFrame`). */
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

type Frame = ReturnType<typeof useFieldFrame>['textField'];

/**
 * MUI's outlined `TextField` layout (label, outlined input, text under it linked by
 * `aria-describedby`, the theme's full width and small size) without `TextField`: it imports
 * `Select`, whose menu (popover, modal, transitions: ~10 KiB compressed) every public form would
 * download before its first screen although the portal's lists are native selects.
 */
function OutlinedFrame({
  frame,
  shrink,
  children,
}: {
  frame: Frame;
  /** The label stays above the field (a select always shows a choice). */
  shrink?: boolean;
  children: (input: Pick<OutlinedInputProps, 'id' | 'label' | 'aria-describedby'>) => ReactNode;
}) {
  const helpId = `${frame.id}-helper-text`;
  return (
    <FormControl fullWidth size="small" error={frame.error} required={frame.required} disabled={frame.disabled}>
      <InputLabel htmlFor={frame.id} id={`${frame.id}-label`} shrink={shrink}>
        {frame.label}
      </InputLabel>
      {children({ id: frame.id, label: frame.label, 'aria-describedby': helpId })}
      <FormHelperText id={helpId}>{frame.helperText}</FormHelperText>
    </FormControl>
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
  ...bound
}: Bound<T, O> & {
  type?: OutlinedInputProps['type'];
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal' | 'email' | 'url';
  multiline?: boolean;
  /** Input behaviour applied as the person types (capitals, phone grouping, length cap). */
  shape?: (raw: string) => string;
  /** Applied when the field is left (a link gets its https://). */
  tidy?: (value: string) => string;
}) {
  const { field, textField } = useFieldFrame(bound);
  return (
    <OutlinedFrame frame={textField}>
      {(a11y) => (
        <OutlinedInput
          {...a11y}
          name={textField.name}
          inputRef={textField.inputRef}
          type={type}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(shape ? shape(e.target.value) : e.target.value)}
          onBlur={() => {
            if (tidy) field.onChange(tidy(String(field.value ?? '')));
            field.onBlur();
          }}
          inputProps={{ maxLength, inputMode }}
        />
      )}
    </OutlinedFrame>
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
  return (
    <OutlinedFrame frame={textField} shrink>
      {(a11y) => (
        <NativeSelect
          input={<OutlinedInput {...a11y} notched />}
          name={textField.name}
          inputRef={textField.inputRef}
          value={encode(field.value)}
          onChange={(e) => {
            const chosen = options.find((o) => encode(optionValue(o)) === e.target.value);
            field.onChange(chosen === undefined ? emptyValue : optionValue(chosen));
          }}
          onBlur={field.onBlur}
        >
          {placeholder !== null && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={encode(optionValue(o))} value={encode(optionValue(o))}>
              {optionLabel(o)}
            </option>
          ))}
        </NativeSelect>
      )}
    </OutlinedFrame>
  );
}

/**
 * A question with a few answers as a radio group (yes/no: `options={['Oui', 'Non']}`). The group
 * carries `aria-invalid` (where the form looks for the first error) and is described by the text
 * under it; the first radio takes the field's id. `ids` and `groupName` keep the names a screen
 * already gives its legend, help and radios.
 */
export function RadioInput<T extends FieldValues, O extends FieldValues>({
  options,
  ids,
  groupName,
  ...bound
}: Bound<T, O> & {
  options: readonly Option[];
  /** Defaults to `${id}-legende` and `${id}-aide`; `fieldset` moves the field's id from the first radio to the fieldset. */
  ids?: { legend: string; help: string; fieldset?: boolean };
  /** The radios' `name`; defaults to the field's name. */
  groupName?: string;
}) {
  const { field, error, textField } = useFieldFrame(bound);
  const base = textField.id;
  const legendId = ids?.legend ?? `${base}-legende`;
  const helpId = ids?.help ?? `${base}-aide`;
  return (
    <FormControl
      error={!!error}
      required={bound.required}
      disabled={bound.disabled}
      component="fieldset"
      id={ids?.fieldset ? base : undefined}
    >
      <FormLabel component="legend" id={legendId}>
        {bound.label}
      </FormLabel>
      <RadioGroup
        row
        name={groupName ?? bound.name}
        aria-labelledby={legendId}
        aria-describedby={helpId}
        aria-invalid={!!error}
        value={encode(field.value)}
        onChange={(e) => {
          const chosen = options.find((o) => encode(optionValue(o)) === e.target.value);
          if (chosen !== undefined) field.onChange(optionValue(chosen));
        }}
        onBlur={field.onBlur}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={encode(optionValue(o))}
            value={encode(optionValue(o))}
            label={optionLabel(o)}
            control={
              <Radio slotProps={{ input: i === 0 && !ids?.fieldset ? { id: base, ref: field.ref } : undefined }} />
            }
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>{textField.helperText}</FormHelperText>
    </FormControl>
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
