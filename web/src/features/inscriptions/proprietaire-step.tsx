import { type FieldError, INSCRIPTION_MAX, MESSAGES, type Proprietaire, proprietaireSchema } from '@guichet/contract';
import { Grid } from '@mui/material';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { WizardText } from './fields.tsx';
import { checkProprietaire } from './inscriptions-api.ts';
import { StepForm, type StepHeading, useRefusal } from './step-form.tsx';
import type { ProprietaireDraft } from './wizard-form.ts';

/** Step 1: the owner, checked with the contract's schema here, then by the server. */
export function ProprietaireStep({
  draft,
  refusal,
  heading,
  onChecked,
}: {
  draft: ProprietaireDraft;
  refusal?: readonly FieldError[];
  heading: StepHeading;
  /** Accepted by the server: what was typed, and what it means. */
  onChecked: (draft: ProprietaireDraft, checked: Proprietaire) => void;
}) {
  const form = useContractForm({
    schema: proprietaireSchema,
    defaultValues: draft,
    submit: (query) => checkProprietaire(query),
    onSuccess: (_, { values }): void => onChecked(form.methods.getValues(), values),
    invalidMessage: MESSAGES.champsObligatoires,
  });
  useRefusal(form, refusal);
  return (
    <StepForm form={form} step={0} heading={heading}>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 6 }}>
          <WizardText form={form} name="nom" autoComplete="family-name" maxLength={INSCRIPTION_MAX.nom} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WizardText form={form} name="prenom" autoComplete="given-name" maxLength={INSCRIPTION_MAX.prenom} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WizardText
            form={form}
            name="telephone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={INSCRIPTION_MAX.telephone}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WizardText form={form} name="email" type="email" autoComplete="email" maxLength={INSCRIPTION_MAX.email} />
        </Grid>
        <Grid size={12}>
          <WizardText form={form} name="adresse" maxLength={INSCRIPTION_MAX.adresse} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <WizardText form={form} name="cp" inputMode="numeric" maxLength={INSCRIPTION_MAX.cp} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <WizardText form={form} name="ville" maxLength={INSCRIPTION_MAX.ville} />
        </Grid>
      </Grid>
    </StepForm>
  );
}
