import type { SessionUser } from '@guichet/contract';
import { MESSAGES } from '@guichet/contract';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError, api } from '../../lib/api.ts';
import { currentUserQuery, landingFor } from '../../lib/session.ts';

type LoginResponse = { logged: boolean; user: SessionUser };

export function LoginPage() {
  usePageTitle('Connexion');
  const { user } = useAdmin() as { user: SessionUser | null };
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [logging, setLogging] = useState(false);
  const [error, setError] = useState<string | null>(search.has('refus') ? MESSAGES.accesNonAutorise : null);
  const [touched, setTouched] = useState(false);

  // Already logged in: straight to the first screen its roles open.
  if (user) return <Navigate to={landingFor(user.roles).path} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) {
      document.getElementById(username.trim() ? 'mot-de-passe' : 'identifiant')?.focus();
      return;
    }
    setLogging(true);
    setError(null);
    try {
      const res = await api.post<LoginResponse>('login', { username, password });
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      // The first screen the agent's roles open (the server's `path` is /admin for everyone).
      navigate(landingFor(res.user.roles).path, { replace: true });
    } catch (err) {
      // The pressed button was disabled meanwhile: focus back to the identifier, the alert is read.
      document.getElementById('identifiant')?.focus();
      setError(
        err instanceof ApiError && (err.body as { error?: string })?.error
          ? (err.body as { error: string }).error
          : err instanceof Error
            ? err.message
            : MESSAGES.erreur,
      );
    } finally {
      setLogging(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', mt: 6 }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Connexion à l'espace agents
          </Typography>
          {error && (
            <Alert severity="error" role="alert" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <TextField
            id="identifiant"
            label="Identifiant"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={touched && !username.trim()}
            helperText={touched && !username.trim() ? 'Veuillez saisir votre identifiant.' : ' '}
          />
          <TextField
            id="mot-de-passe"
            label="Mot de passe"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={touched && !password}
            helperText={touched && !password ? 'Veuillez saisir votre mot de passe.' : ' '}
          />
          <Button type="submit" variant="contained" disabled={logging}>
            {logging ? 'Connexion…' : 'Connexion'}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
