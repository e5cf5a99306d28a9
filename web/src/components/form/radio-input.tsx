import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import {
  type Bound,
  chosenOption,
  encode,
  type Option,
  optionLabel,
  optionValue,
  useFieldFrame,
} from './field-frame.ts';

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
          const chosen = chosenOption(options, e.target.value);
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
