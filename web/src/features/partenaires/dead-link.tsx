import { MESSAGES, PARTENAIRE_MESSAGES, partenaireLienBodySchema } from '@guichet/contract';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { FormBanner, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { refusalBanner } from '../../components/form/refusal-banner.ts';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { MailLink, TelLink } from '../../components/office-contact.tsx';
import { useSiteParams } from '../../lib/params.tsx';
import { askNewLink } from './partenaires-api.ts';

/**
 * A renewal link that opens nothing (used, expired or unknown: the server says only « introuvable »):
 * why, a form that mails a new link (the same answer whether the address is known or not), and the
 * office's contact.
 */
export function DeadLink() {
  const params = useSiteParams();
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const form = useContractForm({
    schema: partenaireLienBodySchema,
    defaultValues: { email: '' },
    submit: ({ email }) => askNewLink(email),
    onSuccess: (res) => setSent(res.message ?? PARTENAIRE_MESSAGES.lienDemande),
    invalidMessage: refusalBanner({ email: 'Adresse de courriel' }),
    idPrefix: 'nouveau-lien',
  });

  // The form is gone: the confirmation takes the focus so it is read at once.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <Stack spacing={3}>
      <Alert severity="warning" role="alert">
        {MESSAGES.partenaireIntrouvableToken}. Ce lien a peut-être déjà servi (il ne sert qu'une fois), a expiré (il
        n'est valable qu'un temps limité après son envoi, indiqué dans le courriel) ou a été remplacé par un lien plus
        récent.
      </Alert>
      <Stack component="section" aria-labelledby="titre-nouveau-lien" spacing={2}>
        <Typography id="titre-nouveau-lien" variant="h5" component="h2">
          Recevoir un nouveau lien
        </Typography>
        {sent ? (
          <Alert severity="success" role="status" ref={sentRef} tabIndex={-1}>
            {sent}
          </Alert>
        ) : (
          <Box component="form" {...form.formProps}>
            <Stack spacing={2}>
              <Typography>
                Indiquez l'adresse de courriel de votre organisme ou de son représentant, telle qu'enregistrée auprès du
                guichet : nous y enverrons un nouveau lien pour vérifier ou mettre à jour vos informations.
              </Typography>
              <FormBanner form={form} />
              <TextInput
                form={form}
                name="email"
                label="Adresse de courriel"
                type="email"
                autoComplete="email"
                required
              />
              <Box>
                <SubmitButton form={form}>Recevoir un nouveau lien</SubmitButton>
              </Box>
            </Stack>
          </Box>
        )}
      </Stack>
      <Stack component="section" aria-labelledby="titre-contact-guichet" spacing={1}>
        <Typography id="titre-contact-guichet" variant="h5" component="h2">
          Contacter le guichet
        </Typography>
        <Typography>
          Téléphone : <TelLink phone={params.telephoneContact} /> — Courriel :{' '}
          <MailLink address={params.emailContact} />
        </Typography>
      </Stack>
    </Stack>
  );
}
