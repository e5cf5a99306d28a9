import { INSCRIPTION_LABELS, INSCRIPTION_MAX, type InscriptionField } from '@guichet/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { RadioInput, SelectInput, TextInput } from '../../components/form/fields.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { shapeInput } from './wizard-form.ts';

/** A wizard field: named as in the contract, labelled from its labels, always required (docs/spec/portal-spec.md §5). */
type Bound<T extends FieldValues, O extends FieldValues> = {
  form: ContractForm<T, O>;
  name: FieldPath<T> & InscriptionField;
};

/** A text field shaped as the person types (capitals, phone), its length capped by the contract. */
export function WizardText<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...rest
}: Bound<T, O> & { name: keyof typeof INSCRIPTION_MAX } & Pick<
    Parameters<typeof TextInput>[0],
    'inputMode' | 'autoComplete' | 'type'
  >) {
  return (
    <TextInput
      form={form}
      name={name}
      label={INSCRIPTION_LABELS[name]}
      required
      maxLength={INSCRIPTION_MAX[name]}
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
 * `aide-…`); the fieldset carries the field's id.
 */
export function YesNoInput<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  order,
  boolean,
}: Bound<T, O> & { order: 'ouiNon' | 'nonOui'; boolean?: boolean }) {
  const oui = { value: boolean ? 'true' : 'Oui', label: 'Oui' };
  const non = { value: boolean ? 'false' : 'Non', label: 'Non' };
  return (
    <RadioInput
      form={form}
      name={name}
      label={INSCRIPTION_LABELS[name]}
      required
      options={order === 'ouiNon' ? [oui, non] : [non, oui]}
      ids={{ legend: `label-${name}`, help: `aide-${name}`, fieldset: true }}
    />
  );
}
