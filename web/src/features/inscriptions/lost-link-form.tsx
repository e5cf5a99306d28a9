import { LIEN_PERDU_REPONSE, lienPerduBodySchema } from '@guichet/contract';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { FormBanner, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { refusalBanner } from '../../components/form/refusal-banner.ts';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { askLostLink } from './logement-api.ts';

/**
 * A landlord who lost the personal link asks for a new one by e-mail address (issue 17). The
 * answer is the same whether the address is known or not: it tells nobody who has an offer. No
 * honeypot: the wizard's recap already holds the page's one trap field (its id is fixed).
 */
export function LostLinkForm({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const form = useContractForm({
    schema: lienPerduBodySchema,
    defaultValues: { email: '' },
    submit: ({ email }) => askLostLink(email),
    onSuccess: (res) => setSent(res.message ?? LIEN_PERDU_REPONSE),
    invalidMessage: refusalBanner({ email: 'Adresse de courriel' }),
    idPrefix: 'lien-perdu',
  });

  // The form is gone: the confirmation takes the focus so it is read at once.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <Stack component="section" aria-labelledby="titre-lien-perdu" spacing={2}>
      <Typography id="titre-lien-perdu" variant="h6" component={headingLevel}>
        Recevoir à nouveau mon lien personnel
      </Typography>
      {sent ? (
        <Alert severity="success" role="status" ref={sentRef} tabIndex={-1}>
          {sent}
        </Alert>
      ) : (
        <Box component="form" {...form.formProps}>
          <Stack spacing={2}>
            <Typography>
              Indiquez l'adresse de courriel donnée lors du dépôt de votre offre : nous vous enverrons un nouveau lien
              pour consulter votre offre, confirmer qu'elle est toujours disponible ou la retirer.
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
              <SubmitButton form={form}>Recevoir mon lien</SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
