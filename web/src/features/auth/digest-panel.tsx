import { DIGEST_MESSAGES } from '@guichet/contract';
import { Alert, Checkbox, FormControlLabel, FormHelperText, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { digestQuery, useSetDigest } from './auth-api.ts';
import { EmailForm } from './email-form.tsx';

/**
 * « Mon compte »: the agent's address and « Recevoir un résumé quotidien par courriel ». The box is
 * disabled, with the reason, when there is no address or the agent's roles open no list (the
 * server says which).
 */
export function DigestPanel() {
  const choice = useQuery(digestQuery);
  const save = useSetDigest();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const data = choice.data;
  const change = (on: boolean) =>
    save.mutate(on, {
      onSuccess: () => setMessage({ ok: true, text: on ? DIGEST_MESSAGES.active : DIGEST_MESSAGES.desactive }),
      onError: (err) => setMessage({ ok: false, text: (err as Error).message }),
    });

  return (
    <Paper component="section" aria-labelledby="resume-titre" sx={{ p: 3 }}>
      <Stack spacing={1}>
        <Typography id="resume-titre" variant="h6" component="h2">
          Courriel et résumé quotidien
        </Typography>
        {choice.isError && <Alert severity="error">Le choix n'a pas pu être chargé. {choice.error.message}</Alert>}
        {data && (
          <>
            <EmailForm choice={data} />
            <FormControlLabel
              control={
                <Checkbox
                  checked={data.digestQuotidien}
                  // Unticking stays possible even when the digest can no longer be sent.
                  disabled={(!data.adresse && !data.digestQuotidien) || save.isPending}
                  onChange={(e) => change(e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'resume-aide' } }}
                />
              }
              label="Recevoir un résumé quotidien par courriel"
            />
            <FormHelperText id="resume-aide" sx={{ mt: 0 }}>
              {data.adresse
                ? `Chaque matin, à ${data.adresse} : les nouveautés, ce qui attend depuis trop longtemps et, pour les administrateurs, les courriels en échec. Aucun courriel quand il n'y a rien à signaler.`
                : data.raison}
            </FormHelperText>
          </>
        )}
        {message && (
          <Alert severity={message.ok ? 'success' : 'error'} role="status" onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
