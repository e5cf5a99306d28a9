import type { Logement } from '@guichet/contract';
import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  type InscriptionField,
  LOYERS,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
} from '@guichet/contract/forms';
import { useEffect } from 'react';
import { type FieldValues, useWatch } from 'react-hook-form';
import { Cell, Columns } from '../../components/form/columns.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { fieldAt, WizardSelect, WizardText, YesNoInput } from './fields.tsx';
import { StepForm, type StepProps, useStepForm } from './step-form.tsx';
import { checkLogement, loadLogementSchema } from './wizard-api.ts';
import type { LogementDraft } from './wizard-form.ts';

/**
 * The housing's fields in the page's order: a list (`options`), a yes/no question (`order`, and
 * `boolean` when the contract reads it as one) or the charges typed; `when` shows a field only
 * after that answer was yes (its cell stays, so the layout does not move).
 */
const CELLS = [
  { name: 'proximite', span: 12, options: PROXIMITES },
  { name: 'type', options: TYPES_LOGEMENT },
  { name: 'colocation', order: 'ouiNon' },
  { name: 'immeuble', order: 'nonOui' },
  { name: 'etage', options: ETAGES, when: 'immeuble' },
  { name: 'surface', options: SURFACES },
  { name: 'chauffage', options: CHAUFFAGES },
  { name: 'loyer', options: LOYERS },
  { name: 'charges' },
  { name: 'equipement', options: EQUIPEMENTS },
  { name: 'infoLogement', options: INFOS_LOGEMENT },
  { name: 'ascenceur', order: 'ouiNon', boolean: true },
  { name: 'localVelo', order: 'ouiNon', boolean: true },
  { name: 'parking', order: 'nonOui' },
  { name: 'typeParking', options: TYPES_PARKING, when: 'parking' },
  { name: 'caf', span: 12, order: 'nonOui' },
] as const;

/**
 * The housing's fields, in `group` of the form (« Modifier mon offre ») or at its top (the wizard's
 * step). Another answer to immeuble clears the floor, to parking the parking type (spec §4).
 */
export function LogementFields<T extends FieldValues, O extends FieldValues>({
  form,
  group,
}: {
  form: ContractForm<T, O>;
  group?: string;
}) {
  const at = (name: InscriptionField) => fieldAt<T>(group, name);
  const { control, watch, setValue } = form.methods;
  const [immeuble, parking] = useWatch({ control, name: [at('immeuble'), at('parking')] });
  const answered = { immeuble, parking };

  useEffect(() => {
    const sub = watch((_, { name, type }) => {
      if (type !== 'change') return;
      if (name === at('immeuble')) setValue(at('etage'), '' as never);
      if (name === at('parking')) setValue(at('typeParking'), '' as never);
    });
    return () => sub.unsubscribe();
  }, [watch, setValue, group]);

  return (
    <Columns rowGap={1}>
      {CELLS.map((cell) => (
        <Cell key={cell.name} span={'span' in cell ? cell.span : 6}>
          {'when' in cell && answered[cell.when] !== 'Oui' ? null : 'options' in cell ? (
            <WizardSelect form={form} name={at(cell.name)} options={cell.options} />
          ) : 'order' in cell ? (
            <YesNoInput
              form={form}
              name={at(cell.name)}
              order={cell.order}
              boolean={'boolean' in cell ? cell.boolean : undefined}
            />
          ) : (
            <WizardText form={form} name={at(cell.name)} inputMode="decimal" />
          )}
        </Cell>
      ))}
    </Columns>
  );
}

/** Step 2: the housing, checked with the contract's schema here, then by the server. */
export function LogementStep({
  onBack,
  ...props
}: StepProps<LogementDraft, Logement> & {
  /** Back to the owner (what was typed here is already kept, `onDraft`). */
  onBack: () => void;
}) {
  const form = useStepForm(loadLogementSchema, checkLogement, props);
  return (
    <StepForm form={form} step={1} heading={props.heading} onBack={onBack}>
      <LogementFields form={form} />
    </StepForm>
  );
}
