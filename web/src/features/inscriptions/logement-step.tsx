import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  LOYERS,
  type Logement,
  logementSchema,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
} from '@guichet/contract';
import { Grid } from '@mui/material';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { WizardSelect, WizardText, YesNoInput } from './fields.tsx';
import { checkLogement } from './inscriptions-api.ts';
import { StepForm, type StepProps, useStepForm } from './step-form.tsx';
import type { LogementDraft } from './wizard-form.ts';

const half = { xs: 12, md: 6 };

/**
 * The housing's fields in the page's order: a list (`options`), a yes/no question (`order`, and
 * `boolean` when the contract reads it as one) or the charges typed; `when` shows a field only
 * after that answer was yes (its cell stays, so the layout does not move).
 */
const CELLS = [
  { name: 'proximite', size: 12, options: PROXIMITES },
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
  { name: 'caf', size: 12, order: 'nonOui' },
] as const;

/** Step 2: the housing, checked with the contract's schema here, then by the server. */
export function LogementStep({
  onBack,
  ...props
}: StepProps<LogementDraft, Logement> & {
  /** Back to the owner, with what was typed here. */
  onBack: (draft: LogementDraft) => void;
}) {
  const form = useStepForm(logementSchema, checkLogement, props);
  const { control, watch, setValue, getValues } = form.methods;
  const [immeuble, parking] = useWatch({ control, name: ['immeuble', 'parking'] });
  const answered = { immeuble, parking };

  // Another answer to immeuble clears the floor, to parking the parking type (spec §4).
  useEffect(() => {
    const sub = watch((_, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'immeuble') setValue('etage', '');
      if (name === 'parking') setValue('typeParking', '');
    });
    return () => sub.unsubscribe();
  }, [watch, setValue]);

  return (
    <StepForm form={form} step={1} heading={props.heading} onBack={() => onBack(getValues())}>
      <Grid container columnSpacing={2} rowSpacing={1}>
        {CELLS.map((cell) => (
          <Grid key={cell.name} size={'size' in cell ? cell.size : half}>
            {'when' in cell && answered[cell.when] !== 'Oui' ? null : 'options' in cell ? (
              <WizardSelect form={form} name={cell.name} options={cell.options} />
            ) : 'order' in cell ? (
              <YesNoInput
                form={form}
                name={cell.name}
                order={cell.order}
                boolean={'boolean' in cell ? cell.boolean : undefined}
              />
            ) : (
              <WizardText form={form} name={cell.name} inputMode="decimal" />
            )}
          </Grid>
        ))}
      </Grid>
    </StepForm>
  );
}
