import type { Proprietaire } from '@guichet/contract';
import type { FieldValues } from 'react-hook-form';
import { Cell, Columns } from '../../components/form/columns.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { fieldAt, WizardText } from './fields.tsx';
import { StepForm, type StepProps, useStepForm } from './step-form.tsx';
import { checkProprietaire, loadProprietaireSchema } from './wizard-api.ts';
import type { ProprietaireDraft } from './wizard-form.ts';

/** The owner's fields in the page's order: where each sits, and what the browser may fill in. */
const CELLS = [
  { name: 'nom', span: 6, autoComplete: 'family-name' },
  { name: 'prenom', span: 6, autoComplete: 'given-name' },
  { name: 'telephone', span: 6, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'email', span: 6, type: 'email', autoComplete: 'email' },
  { name: 'adresse', span: 12 },
  { name: 'cp', span: 4, inputMode: 'numeric' },
  { name: 'ville', span: 8 },
] as const;

/** The owner's fields, in `group` of the form (« Modifier mon offre ») or at its top (the wizard's step). */
export function ProprietaireFields<T extends FieldValues, O extends FieldValues>({
  form,
  group,
}: {
  form: ContractForm<T, O>;
  group?: string;
}) {
  return (
    <Columns rowGap={1}>
      {CELLS.map(({ span, name, ...field }) => (
        <Cell key={name} span={span}>
          <WizardText form={form} name={fieldAt<T>(group, name)} {...field} />
        </Cell>
      ))}
    </Columns>
  );
}

/** Step 1: the owner, checked with the contract's schema here, then by the server. */
export function ProprietaireStep(props: StepProps<ProprietaireDraft, Proprietaire>) {
  const form = useStepForm(loadProprietaireSchema, checkProprietaire, props);
  return (
    <StepForm form={form} step={0} heading={props.heading}>
      <ProprietaireFields form={form} />
    </StepForm>
  );
}
