import { MESSAGES, partenaireFieldsSchema } from '@guichet/contract';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { type PageFeedback, settle } from './admin-feedback.tsx';
import {
  check,
  type Errors,
  type FieldKey,
  focusFirstError,
  serverErrors,
  toValues,
  type Values,
} from './partenaire-form.ts';
import { type PartenaireDetail, useAcceptChanges, useRejectChanges } from './partenaires-api.ts';
import { ProposalReview } from './proposal-review.tsx';

const INFO_TEMPDATA =
  'Le partenaire a modifié ses informations. Merci de verifier les données et de les valider ou refuser.';

/** The partner's proposal beside the stored data (spec §2): corrected if need be, then accepted or refused. */
export function ProposalPanel(props: {
  partenaire: PartenaireDetail & { tempdata: NonNullable<PartenaireDetail['tempdata']> };
  busy: boolean;
  feedback: PageFeedback;
}) {
  const { partenaire: p, busy, feedback } = props;
  const [proposal, setProposal] = useState<Values>(() => toValues(p.tempdata));
  const [errors, setErrors] = useState<Errors>({});
  const accept = useAcceptChanges(p.id);
  const reject = useRejectChanges(p.id);

  const showErrors = (found: Errors) => {
    setErrors(found);
    focusFirstError(found, 'proposition');
  };

  function validate() {
    const local = check(partenaireFieldsSchema, proposal);
    if (Object.keys(local).length) {
      showErrors(local);
      feedback.error(MESSAGES.erreurVerifierSaisie);
      return;
    }
    const body = partenaireFieldsSchema.parse(proposal);
    void settle(accept.mutateAsync(body), feedback, MESSAGES.erreurVerifierSaisie, (err) =>
      showErrors(serverErrors(err)),
    );
  }

  const onChange = (key: FieldKey, value: string) => {
    setProposal((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="titre-proposition">
      <Typography id="titre-proposition" variant="h5" component="h2">
        Modifications proposées par le partenaire
      </Typography>
      <Alert severity="info">{INFO_TEMPDATA}</Alert>
      <ProposalReview current={toValues(p)} proposal={proposal} errors={errors} onChange={onChange} />
      <Stack direction="row" spacing={2}>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => settle(reject.mutateAsync(undefined), feedback, MESSAGES.erreurVerifierSaisie)}
        >
          Refuser les modifications
        </Button>
        <Button variant="contained" disabled={busy} onClick={validate}>
          Valider les modifications
        </Button>
      </Stack>
    </Stack>
  );
}
