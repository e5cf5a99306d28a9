import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  type FieldError,
  INFOS_LOGEMENT,
  INSCRIPTION_MAX,
  LOYERS,
  type Logement,
  logementSchema,
  MESSAGES,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
} from '@guichet/contract';
import { Grid } from '@mui/material';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { WizardSelect, WizardText, YesNoInput } from './fields.tsx';
import { checkLogement } from './inscriptions-api.ts';
import { StepForm, type StepHeading, useRefusal } from './step-form.tsx';
import type { LogementDraft } from './wizard-form.ts';

const half = { xs: 12, md: 6 };

/** Step 2: the housing, checked with the contract's schema here, then by the server. */
export function LogementStep({
  draft,
  refusal,
  heading,
  onChecked,
  onBack,
}: {
  draft: LogementDraft;
  refusal?: readonly FieldError[];
  heading: StepHeading;
  /** Accepted by the server: what was typed, and what it means. */
  onChecked: (draft: LogementDraft, checked: Logement) => void;
  /** Back to the owner, with what was typed here. */
  onBack: (draft: LogementDraft) => void;
}) {
  const form = useContractForm({
    schema: logementSchema,
    defaultValues: draft,
    submit: (query) => checkLogement(query),
    onSuccess: (_, { values }): void => onChecked(form.methods.getValues(), values),
    invalidMessage: MESSAGES.champsObligatoires,
  });
  useRefusal(form, refusal);
  const { control, watch, setValue, getValues } = form.methods;
  const [immeuble, parking] = useWatch({ control, name: ['immeuble', 'parking'] });

  // Another answer to immeuble clears the floor, to parking the parking type (docs/spec/portal-spec.md §4).
  useEffect(() => {
    const sub = watch((_, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'immeuble') setValue('etage', '');
      if (name === 'parking') setValue('typeParking', '');
    });
    return () => sub.unsubscribe();
  }, [watch, setValue]);

  return (
    <StepForm form={form} step={1} heading={heading} onBack={() => onBack(getValues())}>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={12}>
          <WizardSelect form={form} name="proximite" options={PROXIMITES} />
        </Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="type" options={TYPES_LOGEMENT} />
        </Grid>
        <Grid size={half}>
          <YesNoInput form={form} name="colocation" order="ouiNon" />
        </Grid>
        <Grid size={half}>
          <YesNoInput form={form} name="immeuble" order="nonOui" />
        </Grid>
        <Grid size={half}>{immeuble === 'Oui' && <WizardSelect form={form} name="etage" options={ETAGES} />}</Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="surface" options={SURFACES} />
        </Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="chauffage" options={CHAUFFAGES} />
        </Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="loyer" options={LOYERS} />
        </Grid>
        <Grid size={half}>
          <WizardText form={form} name="charges" inputMode="decimal" maxLength={INSCRIPTION_MAX.charges} />
        </Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="equipement" options={EQUIPEMENTS} />
        </Grid>
        <Grid size={half}>
          <WizardSelect form={form} name="infoLogement" options={INFOS_LOGEMENT} />
        </Grid>
        <Grid size={half}>
          <YesNoInput form={form} name="ascenceur" order="ouiNon" boolean />
        </Grid>
        <Grid size={half}>
          <YesNoInput form={form} name="localVelo" order="ouiNon" boolean />
        </Grid>
        <Grid size={half}>
          <YesNoInput form={form} name="parking" order="nonOui" />
        </Grid>
        <Grid size={half}>
          {parking === 'Oui' && <WizardSelect form={form} name="typeParking" options={TYPES_PARKING} />}
        </Grid>
        <Grid size={12}>
          <YesNoInput form={form} name="caf" order="nonOui" />
        </Grid>
      </Grid>
    </StepForm>
  );
}
