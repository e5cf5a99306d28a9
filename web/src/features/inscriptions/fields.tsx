import { INSCRIPTION_LABELS, INSCRIPTION_MAX, type InscriptionField } from '@guichet/contract/forms';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { SelectInput, TextInput } from '../../components/form/fields.tsx';
import { RadioInput } from '../../components/form/radio-input.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { shapeInput } from './wizard-form.ts';

/**
 * A field of the offer's form, by its path: `nom` in a wizard step, `proprietaire.nom` in the
 * whole offer (« Modifier mon offre »); its last segment names it in the contract.
 */
export type OfferFieldPath<T extends FieldValues> = FieldPath<T> & (InscriptionField | `${string}.${InscriptionField}`);
const keyOf = (path: string) => path.slice(path.lastIndexOf('.') + 1) as InscriptionField;

/** The path of `name` in `group` (none: the step's own field). */
export const fieldAt = <T extends FieldValues>(group: string | undefined, name: InscriptionField) =>
  (group ? `${group}.${name}` : name) as OfferFieldPath<T>;

/** A wizard field: named as in the contract, labelled from its labels, always required (docs/spec/portal-spec.md §5). */
type Bound<T extends FieldValues, O extends FieldValues> = {
  form: ContractForm<T, O>;
  name: OfferFieldPath<T>;
};

/** A text field shaped as the person types (capitals, phone), its length capped by the contract. */
export function WizardText<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  ...rest
}: Bound<T, O> & Pick<Parameters<typeof TextInput>[0], 'inputMode' | 'autoComplete' | 'type'>) {
  const key = keyOf(name);
  return (
    <TextInput
      form={form}
      name={name}
      label={INSCRIPTION_LABELS[key]}
      required
      maxLength={INSCRIPTION_MAX[key as keyof typeof INSCRIPTION_MAX]}
      shape={(raw) => shapeInput(key, raw)}
      {...rest}
    />
  );
}

export function WizardSelect<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  options,
}: Bound<T, O> & { options: readonly string[] }) {
  return <SelectInput form={form} name={name} label={INSCRIPTION_LABELS[keyOf(name)]} required options={options} />;
}

/**
 * A yes/no question as a radio group; `boolean` holds 'true' / 'false' instead of 'Oui' / 'Non'
 * (the contract turns them into booleans). Its legend and error are linked by id (`label-…`,
 * `aide-…`, the path's dots as dashes); the fieldset carries the field's id.
 */
export function YesNoInput<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  order,
  boolean,
}: Bound<T, O> & { order: 'ouiNon' | 'nonOui'; boolean?: boolean }) {
  const oui = { value: boolean ? 'true' : 'Oui', label: 'Oui' };
  const non = { value: boolean ? 'false' : 'Non', label: 'Non' };
  const id = name.replaceAll('.', '-');
  return (
    <RadioInput
      form={form}
      name={name}
      label={INSCRIPTION_LABELS[keyOf(name)]}
      required
      options={order === 'ouiNon' ? [oui, non] : [non, oui]}
      ids={{ legend: `label-${id}`, help: `aide-${id}`, fieldset: true }}
    />
  );
}
