import { MESSAGES, type PartenaireFieldsInput, partenaireFieldsSchema } from '@guichet/contract';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { FeedbackSnackbar, type PageFeedback, settle, staffSubmit } from './admin-feedback.tsx';
import { toValues } from './partenaire-form.ts';
import { type PartenaireDetail, useAcceptChanges, useRejectChanges } from './partenaires-api.ts';
import { ProposalReview } from './proposal-review.tsx';

const INFO_TEMPDATA =
  'Le partenaire a modifié ses informations. Merci de verifier les données et de les valider ou refuser.';

/** The partner's proposal beside the stored data (docs/spec/portal-spec.md §2): corrected if need be, then accepted or refused. */
export function ProposalPanel(props: {
  partenaire: PartenaireDetail & { tempdata: NonNullable<PartenaireDetail['tempdata']> };
  busy: boolean;
  feedback: PageFeedback;
}) {
  const { partenaire: p, busy, feedback } = props;
  const accept = useAcceptChanges(p.id);
  const reject = useRejectChanges(p.id);
  const form = useContractForm({
    schema: partenaireFieldsSchema,
    defaultValues: toValues(p.tempdata) as PartenaireFieldsInput,
    idPrefix: 'proposition',
    // Changed meanwhile: the page reloads (see useAcceptChanges), which says why.
    ...staffSubmit(accept.mutateAsync, feedback),
    invalidMessage: MESSAGES.erreurVerifierSaisie,
  });

  return (
    <Stack spacing={2} component="section" aria-labelledby="titre-proposition">
      <Typography id="titre-proposition" variant="h5" component="h2">
        Modifications proposées par le partenaire
      </Typography>
      <Alert severity="info">{INFO_TEMPDATA}</Alert>
      <Stack component="form" {...form.formProps} spacing={2}>
        <ProposalReview current={toValues(p)} form={form} />
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => settle(reject.mutateAsync(undefined), feedback, MESSAGES.erreurVerifierSaisie)}
          >
            Refuser les modifications
          </Button>
          <SubmitButton form={form} disabled={busy}>
            Valider les modifications
          </SubmitButton>
        </Stack>
      </Stack>
      <FeedbackSnackbar banner={form.banner.banner} onClose={form.banner.clear} />
    </Stack>
  );
}
