import { INSCRIPTION_LABELS, type InscriptionField } from '@guichet/contract';
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import type { Errors, WizardValues } from './wizard-form.ts';

/** What every wizard field needs: the values, the server's errors and the change handler. */
export type FormBinding = {
  values: WizardValues;
  errors: Errors;
  onChange: (key: InscriptionField, value: string) => void;
};

type Common = { form: FormBinding; name: InscriptionField };

/** A labelled text field; the server's error shows under it and is linked to it (aria-describedby). */
export function TextInput({
  form,
  name,
  maxLength,
  inputMode,
  autoComplete,
  type,
}: Common & {
  maxLength?: number;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal' | 'email';
  autoComplete?: string;
  type?: TextFieldProps['type'];
}) {
  const error = form.errors[name];
  return (
    <TextField
      id={`champ-${name}`}
      name={name}
      label={INSCRIPTION_LABELS[name]}
      required
      type={type}
      autoComplete={autoComplete ?? 'off'}
      value={form.values[name]}
      onChange={(e) => form.onChange(name, e.target.value)}
      error={!!error}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength, inputMode } }}
    />
  );
}

/** A list of values as a native select: keyboard and phone friendly, read well by screen readers. */
export function SelectInput({ form, name, options }: Common & { options: readonly string[] }) {
  const error = form.errors[name];
  return (
    <TextField
      id={`champ-${name}`}
      name={name}
      label={INSCRIPTION_LABELS[name]}
      required
      select
      value={form.values[name]}
      onChange={(e) => form.onChange(name, e.target.value)}
      error={!!error}
      helperText={error ?? ' '}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choisir…</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </TextField>
  );
}

/** A yes/no question as a radio group; `boolean` stores 'true'/'false' instead of 'Oui'/'Non'. */
export function YesNoInput({ form, name, order, boolean }: Common & { order: 'ouiNon' | 'nonOui'; boolean?: boolean }) {
  const error = form.errors[name];
  const labelId = `label-${name}`;
  const helpId = `aide-${name}`;
  const oui = { value: boolean ? 'true' : 'Oui', label: 'Oui' };
  const non = { value: boolean ? 'false' : 'Non', label: 'Non' };
  const options = order === 'ouiNon' ? [oui, non] : [non, oui];
  return (
    <FormControl error={!!error} required component="fieldset" id={`champ-${name}`}>
      <FormLabel id={labelId} component="legend">
        {INSCRIPTION_LABELS[name]}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        aria-invalid={!!error}
        value={form.values[name]}
        onChange={(e) => form.onChange(name, e.target.value)}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
