import { loginBodySchema, MESSAGES, type SessionUser } from '@guichet/contract';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormBanner, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { forgetReturn, peekReturn } from '../../lib/retour.ts';
import { landingFor } from '../../lib/session.ts';
import { logIn, refreshSession } from './auth-api.ts';
import { PasswordInput } from './password-input.tsx';

export function LoginPage() {
  usePageTitle('Connexion');
  const { user } = useAdmin() as { user: SessionUser | null };
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Why the last session ended (/logout?refus=1): said until the next attempt.
  const [refused, setRefused] = useState(search.has('refus'));
  // Back to the page a lost session interrupted, else the first screen the agent's roles open
  // (the server's `path` is /admin for everyone).
  const [retour] = useState(peekReturn);
  const target = (roles: readonly string[]) => retour ?? landingFor(roles).path;
  useEffect(() => {
    if (user) forgetReturn();
  }, [user]);
  const form = useContractForm({
    schema: loginBodySchema,
    defaultValues: { username: '', password: '' },
    submit: logIn,
    onSuccess: async (res) => {
      await refreshSession(queryClient);
      navigate(target(res.user.roles), { replace: true });
    },
  });

  // Already logged in (or just now): straight there.
  if (user) return <Navigate to={target(user.roles)} replace />;

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', mt: 6 }}>
      <Paper
        component="form"
        {...form.formProps}
        onSubmit={(e) => {
          setRefused(false);
          form.formProps.onSubmit(e);
        }}
        sx={{ p: 4, width: '100%', maxWidth: 420 }}
      >
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Connexion à l'espace agents
          </Typography>
          {refused && (
            <Alert severity="error" role="alert" onClose={() => setRefused(false)}>
              {MESSAGES.accesNonAutorise}
            </Alert>
          )}
          <FormBanner form={form} closable />
          <TextInput
            form={form}
            name="username"
            id="identifiant"
            label="Identifiant"
            autoComplete="username"
            required
          />
          <PasswordInput
            form={form}
            name="password"
            id="mot-de-passe"
            label="Mot de passe"
            autoComplete="current-password"
          />
          <SubmitButton form={form} busyLabel="Connexion…">
            Connexion
          </SubmitButton>
        </Stack>
      </Paper>
    </Box>
  );
}
