import { type AgentEmailBody, agentEmailBodySchema, type DigestChoice } from '@guichet/contract';
import { Box, Stack } from '@mui/material';
import { FormBanner, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { useSetEmail } from './auth-api.ts';

/**
 * « Mon compte »: the agent's e-mail address, where the daily digest goes. Emptied and saved, it is
 * removed, and the digest with it (the server says so in its message).
 */
export function EmailForm({ choice }: { choice: DigestChoice }) {
  const setEmail = useSetEmail();
  const form = useContractForm({
    schema: agentEmailBodySchema,
    defaultValues: { email: choice.email ?? '' } satisfies AgentEmailBody,
    idPrefix: 'compte',
    submit: (body) => setEmail.mutateAsync(body.email),
    onSuccess: (res, { banner }) => {
      // The field shows the address as stored (trimmed, lower case).
      form.methods.setValue('email', res.email ?? '');
      banner.success(res.message);
    },
  });
  return (
    <Box component="form" {...form.formProps} aria-label="Adresse électronique">
      <Stack spacing={1} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextInput
          form={form}
          name="email"
          label="Adresse électronique"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          help="Laissez vide et enregistrez pour la supprimer."
        />
        {/* Level with the field, below its label (a line of 24 px and 4 px of margin; the field 40 px high). */}
        <SubmitButton form={form} keepEnabled sx={{ mt: { sm: '30px' }, flexShrink: 0 }}>
          Enregistrer l'adresse
        </SubmitButton>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <FormBanner form={form} closable />
      </Box>
    </Box>
  );
}
