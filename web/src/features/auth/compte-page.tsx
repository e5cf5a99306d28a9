import {
  type PasswordChangeBody,
  passwordChangeBodySchema,
  STAFF_PASSWORD_MIN,
  type Success,
  toFieldErrors,
} from '@guichet/contract';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { BannerAlert, useBanner } from '../../components/banner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError, api } from '../../lib/api.ts';
import { currentUserQuery, landingFor } from '../../lib/session.ts';

/** The roles' labels as the roles screen shows them (seeded reference data, decisions §2). */
const ROLE_LABELS: Record<string, string> = {
  ROLE_ADMIN: 'Administrateur',
  ROLE_USER: 'Agent',
  ROLE_ADMIN_ROLE: 'Gestion des rôles',
};

const FIELDS = [
  { key: 'actuel', id: 'mdp-actuel', label: 'Mot de passe actuel', autoComplete: 'current-password' },
  { key: 'nouveau', id: 'mdp-nouveau', label: 'Nouveau mot de passe', autoComplete: 'new-password' },
  {
    key: 'confirmation',
    id: 'mdp-confirmation',
    label: 'Confirmez le nouveau mot de passe',
    autoComplete: 'new-password',
  },
] as const;
type Key = (typeof FIELDS)[number]['key'];
const EMPTY: PasswordChangeBody = { actuel: '', nouveau: '', confirmation: '' };

/**
 * /admin/compte "Mon compte": who is logged in, with which roles, and the change of one's own
 * password. An agent whose password was generated (first administrator) is sent here until it has
 * chosen one; it then goes on to its landing screen.
 */
export function ComptePage() {
  usePageTitle('Mon compte');
  const { user } = useAdmin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<PasswordChangeBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [sending, setSending] = useState(false);
  const banner = useBanner();
  const forced = user.motDePasseAChanger;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    banner.clear();
    const parsed = passwordChangeBodySchema.safeParse(values);
    if (!parsed.success) return showErrors(toFieldErrors(parsed.error.issues));
    setSending(true);
    try {
      const res = await api.post<Success>('admin/compte/mot-de-passe', parsed.data);
      setValues(EMPTY);
      setErrors({});
      // The server opened a new session: the agent, now free of the duty, is read again.
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      if (forced) navigate(landingFor(user.roles).path, { replace: true });
      else banner.success(res.message ?? 'Votre mot de passe a été changé.');
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) showErrors(err.errors);
      else banner.error(err instanceof Error ? err.message : 'Une erreur est survenue');
    } finally {
      setSending(false);
    }
  }

  function showErrors(list: { key: string; error: string }[]) {
    const next: Partial<Record<Key, string>> = {};
    for (const { key, error } of list) if (FIELDS.some((f) => f.key === key)) next[key as Key] ??= error;
    setErrors(next);
    // Focus goes to the first field in error, as on every form of the portal.
    const first = FIELDS.find((f) => next[f.key]);
    if (first) document.getElementById(first.id)?.focus();
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        Mon compte
      </Typography>
      {forced && (
        <Alert severity="warning">
          Le mot de passe de ce compte a été généré au premier démarrage du portail et affiché dans la console :
          choisissez-en un nouveau pour continuer. Les écrans de l'espace agents s'ouvriront ensuite.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
      >
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          Nom
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {user.prenom} {user.nom}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          Identifiant
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {user.username}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          Rôles
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {user.roles.length ? user.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ') : 'Aucun rôle pour le moment'}
        </Typography>
      </Box>
      <Paper component="form" noValidate onSubmit={submit} aria-labelledby="mdp-titre" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography id="mdp-titre" variant="h6" component="h2">
            Changer mon mot de passe
          </Typography>
          <Typography variant="body2">
            Au moins {STAFF_PASSWORD_MIN} caractères ; une phrase de plusieurs mots est facile à retenir et difficile à
            deviner. Vos autres sessions ouvertes seront fermées.
          </Typography>
          <BannerAlert banner={banner.banner} onClose={banner.clear} />
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              id={f.id}
              label={f.label}
              type="password"
              autoComplete={f.autoComplete}
              required
              value={values[f.key]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.key]: e.target.value }));
                if (errors[f.key]) setErrors((x) => ({ ...x, [f.key]: undefined }));
              }}
              error={!!errors[f.key]}
              helperText={errors[f.key] ?? (f.key === 'nouveau' ? `${STAFF_PASSWORD_MIN} caractères au moins` : ' ')}
            />
          ))}
          <Box>
            {/* Kept enabled while sending (a disabled button drops the keyboard focus); a second press waits. */}
            <Button type="submit" variant="contained" aria-busy={sending}>
              Changer mon mot de passe
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
