import type { FieldError } from '@guichet/contract';
import { MESSAGES } from '@guichet/contract/forms';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { BannerAlert } from '../../components/banner.tsx';
import { SubmitButton } from '../../components/form/fields.tsx';
import { fieldPaths, placeServerErrors } from '../../components/form/server-errors.ts';
import { type ContractForm, type FormSchema, useContractForm } from '../../components/form/use-contract-form.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';

export const STEPS = ['Propriétaire', 'Logement', 'Récapitulatif'] as const;

/** The step's heading: it takes the focus when the step opens (wizard-page.tsx). */
export type StepHeading = Ref<HTMLHeadingElement>;

/**
 * One step of the wizard as a form: its heading (the step number for screen readers), its banner,
 * its fields, then 'Précédent' and 'Suivant' or 'Valider', disabled while the server answers.
 */
export function StepForm<T extends FieldValues, O extends FieldValues>({
  form,
  step,
  heading,
  onBack,
  children,
}: {
  form: ContractForm<T, O>;
  step: number;
  heading: StepHeading;
  /** Back one step. */
  onBack?: () => void;
  children?: ReactNode;
}) {
  const last = step === STEPS.length - 1;
  return (
    <Box component="form" {...form.formProps}>
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
        <Box component="span" sx={visuallyHidden}>
          Étape {step + 1} sur {STEPS.length} :{' '}
        </Box>
        {STEPS[step]}
      </Typography>
      <BannerAlert banner={form.banner.banner} sx={{ mb: 2 }} />
      {children}
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
        {onBack ? (
          <Button variant="outlined" onClick={onBack} disabled={form.busy}>
            Précédent
          </Button>
        ) : (
          <span />
        )}
        <SubmitButton form={form}>{last ? 'Valider' : 'Suivant'}</SubmitButton>
      </Stack>
    </Box>
  );
}

/** What the wizard gives a step: what was typed, the refusal of the whole offer, its heading. */
export type StepProps<Draft, Checked> = {
  draft: Draft;
  refusal?: readonly FieldError[];
  heading: StepHeading;
  /** Each change, as typed: kept at once, so the browser's Back or a reload loses nothing. */
  onDraft: (draft: Draft) => void;
  /** Accepted by the server: what was typed, and what it means. */
  onChecked: (draft: Draft, checked: Checked) => void;
};

/**
 * A step's form: checked with the contract's step schema here (or its loader: the wizard's first
 * screen goes without zod), then by the server (`check`), which alone moves the wizard on; the
 * refusal of the whole offer shows under its fields.
 */
export function useStepForm<S extends FormSchema>(
  schema: S | (() => Promise<S>),
  check: (query: z.output<S>) => Promise<unknown>,
  { draft, refusal, onDraft, onChecked }: StepProps<z.input<S>, z.output<S>>,
) {
  const form = useContractForm({
    schema,
    defaultValues: draft as DefaultValues<z.input<S>>,
    submit: (query) => check(query),
    onSuccess: (_, { values }): void => onChecked(form.methods.getValues(), values),
    invalidMessage: MESSAGES.champsObligatoires,
  });
  useRefusal(form, refusal);
  const { watch } = form.methods;
  const keep = useRef(onDraft);
  keep.current = onDraft;
  useEffect(() => {
    const sub = watch((values) => keep.current({ ...values } as z.input<S>));
    return () => sub.unsubscribe();
  }, [watch]);
  return form;
}

/**
 * The offer refused as a whole (the server's lists changed since the step was checked): the step it
 * was sent back to shows the errors under its fields, and says the offer was not recorded.
 */
function useRefusal<T extends FieldValues, O extends FieldValues>(
  form: ContractForm<T, O>,
  refusal: readonly FieldError[] | undefined,
) {
  const { methods, banner } = form;
  // Once, as the step opens: a later change of `refusal` belongs to another visit of the step.
  useEffect(() => {
    if (!refusal?.length) return;
    const { placed } = placeServerErrors(refusal, fieldPaths(methods.getValues()));
    for (const [path, message] of placed) methods.setError(path as Path<T>, { type: 'server', message });
    banner.error(MESSAGES.erreurEnregistrementInscription);
  }, []);
}
