import {
  Button,
  type ButtonProps,
  FormControl,
  FormHelperText,
  InputLabel,
  NativeSelect,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { BannerAlert } from '../banner.tsx';
import {
  type Bound,
  chosenOption,
  encode,
  type Option,
  optionLabel,
  optionValue,
  useFieldFrame,
} from './field-frame.ts';
import type { ContractForm } from './use-contract-form.ts';

// The radio group has a file of its own (radio-input.tsx): a form without one (the student request)
// does not download MUI's Radio.

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
            const chosen = chosenOption(options, e.target.value);
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
