import { INSCRIPTION_LABELS, type InscriptionField } from '@guichet/contract';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { SelectInput, TextInput } from '../../components/form/fields.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { shapeInput } from './wizard-form.ts';

/** A wizard field: named as in the contract, labelled from its labels, always required (docs/spec/portal-spec.md §5). */
type Bound<T extends FieldValues, O extends FieldValues> = {
  form: ContractForm<T, O>;
  name: FieldPath<T> & InscriptionField;
};

/** A text field shaped as the person types (capitals, phone, length caps). */
export function WizardText<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...rest
}: Bound<T, O> & Pick<Parameters<typeof TextInput>[0], 'maxLength' | 'inputMode' | 'autoComplete' | 'type'>) {
  return (
    <TextInput
      form={form}
      name={name}
      label={INSCRIPTION_LABELS[name]}
      required
      shape={(raw) => shapeInput(name, raw)}
      {...rest}
    />
  );
}

export function WizardSelect<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  options,
}: Bound<T, O> & { options: readonly string[] }) {
  return <SelectInput form={form} name={name} label={INSCRIPTION_LABELS[name]} required options={options} />;
}

/**
 * A yes/no question as a radio group; `boolean` holds 'true' / 'false' instead of 'Oui' / 'Non'
 * (the contract turns them into booleans). Its legend and error are linked by id (`label-…`,
 * `aide-…`), and the group carries `aria-invalid`, where the form looks for the first error.
 */
export function YesNoInput<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  order,
  boolean,
}: Bound<T, O> & { order: 'ouiNon' | 'nonOui'; boolean?: boolean }) {
  const { field, fieldState } = useController({ control: form.control, name });
  const error = fieldState.error?.message;
  const labelId = `label-${name}`;
  const helpId = `aide-${name}`;
  const oui = { value: boolean ? 'true' : 'Oui', label: 'Oui' };
  const non = { value: boolean ? 'false' : 'Non', label: 'Non' };
  const options = order === 'ouiNon' ? [oui, non] : [non, oui];
  return (
    <FormControl error={!!error} required component="fieldset" id={form.fieldId(name)}>
      <FormLabel id={labelId} component="legend">
        {INSCRIPTION_LABELS[name]}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        aria-invalid={!!error}
        value={String(field.value ?? '')}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
