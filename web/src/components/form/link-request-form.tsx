import type { lienPerduBodySchema } from '@guichet/contract';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormBanner, SubmitButton, TextInput } from './fields.tsx';
import { refusalBanner } from './refusal-banner.ts';
import { useContractForm } from './use-contract-form.ts';

type Props = {
  /** The section's id: its heading's and its fields' prefix. */
  id: string;
  title: string;
  heading: { variant: 'h5' | 'h6'; component: 'h2' | 'h3' };
  intro: ReactNode;
  submitLabel: string;
  /** The endpoint's body schema: one e-mail address. */
  schema: typeof lienPerduBodySchema;
  ask: (email: string) => Promise<{ message?: string }>;
  /** Shown if the server's answer carries no message. */
  sentMessage: string;
};

/**
 * A form that asks for a personal link by e-mail address (a landlord's lost link, a partner's new
 * renewal link). The server answers the same whether the address is known or not, so the page does
 * too; once sent, the confirmation replaces the form and takes the focus so it is read at once.
 */
export function LinkRequestForm({ id, title, heading, intro, submitLabel, schema, ask, sentMessage }: Props) {
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const form = useContractForm({
    schema,
    defaultValues: { email: '' },
    submit: ({ email }) => ask(email),
    onSuccess: (res) => setSent(res.message ?? sentMessage),
    invalidMessage: refusalBanner({ email: 'Adresse de courriel' }),
    idPrefix: id,
  });

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <Stack component="section" aria-labelledby={`titre-${id}`} spacing={2}>
      <Typography id={`titre-${id}`} variant={heading.variant} component={heading.component}>
        {title}
      </Typography>
      {sent ? (
        <Alert severity="success" role="status" ref={sentRef} tabIndex={-1}>
          {sent}
        </Alert>
      ) : (
        <Box component="form" {...form.formProps}>
          <Stack spacing={2}>
            <Typography>{intro}</Typography>
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
              <SubmitButton form={form}>{submitLabel}</SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
