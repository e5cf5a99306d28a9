import type { FieldValues } from 'react-hook-form';
import { type Bound, encode, nativeChoices, type Option, useFieldFrame } from './field-frame.ts';
import { Choice, Choices, Fieldset, HelpText, Legend } from './field-styles.ts';

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
  const { choices, chosen } = nativeChoices(options);
  const errorFlag = error ? true : undefined;
  return (
    <Fieldset disabled={bound.disabled} id={ids?.fieldset ? base : undefined}>
      <Legend id={legendId} data-error={errorFlag}>
        {bound.label}
        {bound.required && <span aria-hidden="true"> *</span>}
      </Legend>
      <Choices
        role="radiogroup"
        aria-labelledby={legendId}
        aria-describedby={helpId}
        aria-invalid={!!error}
        aria-required={bound.required || undefined}
      >
        {choices.map((c, i) => {
          const first = i === 0 && !ids?.fieldset;
          return (
            <Choice key={c.text}>
              <input
                type="radio"
                name={groupName ?? bound.name}
                value={c.text}
                id={first ? base : undefined}
                ref={first ? field.ref : undefined}
                checked={encode(field.value) === c.text}
                disabled={bound.disabled}
                onChange={(e) => {
                  const choice = chosen(e.target.value);
                  if (choice !== undefined) field.onChange(choice.value);
                }}
                onBlur={field.onBlur}
              />
              <span>{c.label}</span>
            </Choice>
          );
        })}
      </Choices>
      <HelpText id={helpId} data-error={errorFlag}>
        {textField.helperText}
      </HelpText>
    </Fieldset>
  );
}
