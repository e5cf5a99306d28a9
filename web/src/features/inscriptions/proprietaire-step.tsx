import { type Proprietaire, proprietaireSchema } from '@guichet/contract';
import { Grid } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { fieldAt, WizardText } from './fields.tsx';
import { StepForm, type StepProps, useStepForm } from './step-form.tsx';
import { checkProprietaire } from './wizard-api.ts';
import type { ProprietaireDraft } from './wizard-form.ts';

const half = { xs: 12, md: 6 };

/** The owner's fields in the page's order: where each sits, and what the browser may fill in. */
const CELLS = [
  { name: 'nom', size: half, autoComplete: 'family-name' },
  { name: 'prenom', size: half, autoComplete: 'given-name' },
  { name: 'telephone', size: half, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'email', size: half, type: 'email', autoComplete: 'email' },
  { name: 'adresse', size: 12 },
  { name: 'cp', size: { xs: 12, md: 4 }, inputMode: 'numeric' },
  { name: 'ville', size: { xs: 12, md: 8 } },
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
    <Grid container columnSpacing={2} rowSpacing={1}>
      {CELLS.map(({ size, name, ...field }) => (
        <Grid key={name} size={size}>
          <WizardText form={form} name={fieldAt<T>(group, name)} {...field} />
        </Grid>
      ))}
    </Grid>
  );
}

/** Step 1: the owner, checked with the contract's schema here, then by the server. */
export function ProprietaireStep(props: StepProps<ProprietaireDraft, Proprietaire>) {
  const form = useStepForm(proprietaireSchema, checkProprietaire, props);
  return (
    <StepForm form={form} step={0} heading={props.heading}>
      <ProprietaireFields form={form} />
    </StepForm>
  );
}
