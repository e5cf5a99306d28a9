import { PASSWORD_MESSAGES, passwordChangeBodySchema, STAFF_PASSWORD_MIN } from '@guichet/contract';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormBanner, SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { landingFor } from '../../lib/session.ts';
import { changePassword, refreshSession } from './auth-api.ts';
import { DigestPanel } from './digest-panel.tsx';
import { PasswordInput } from './password-input.tsx';

/** The roles' labels as the roles screen shows them (seeded reference data, docs/spec/decisions.md §2). */
const ROLE_LABELS: Record<string, string> = {
  ROLE_ADMIN: 'Administrateur',
  ROLE_USER: 'Agent',
  ROLE_ADMIN_ROLE: 'Gestion des rôles',
};

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
  const forced = user.motDePasseAChanger;
  const form = useContractForm({
    schema: passwordChangeBodySchema,
    defaultValues: { actuel: '', nouveau: '', confirmation: '' },
    idPrefix: 'mdp',
    submit: changePassword,
    onSuccess: async (res, { reset, banner }) => {
      reset();
      // The server opened a new session: the agent, now free of the duty, is read again.
      await refreshSession(queryClient);
      if (forced) navigate(landingFor(user.roles).path, { replace: true });
      else banner.success(res.message ?? PASSWORD_MESSAGES.change);
    },
  });

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
      {!forced && <DigestPanel />}
      <Paper component="form" {...form.formProps} aria-labelledby="mdp-titre" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography id="mdp-titre" variant="h6" component="h2">
            Changer mon mot de passe
          </Typography>
          <Typography variant="body2">
            Au moins {STAFF_PASSWORD_MIN} caractères ; une phrase de plusieurs mots est facile à retenir et difficile à
            deviner. Vos autres sessions ouvertes seront fermées.
          </Typography>
          <FormBanner form={form} closable />
          <PasswordInput form={form} name="actuel" label="Mot de passe actuel" autoComplete="current-password" />
          <PasswordInput
            form={form}
            name="nouveau"
            label="Nouveau mot de passe"
            autoComplete="new-password"
            help={`${STAFF_PASSWORD_MIN} caractères au moins`}
          />
          <PasswordInput
            form={form}
            name="confirmation"
            label="Confirmez le nouveau mot de passe"
            autoComplete="new-password"
          />
          <Box>
            {/* Kept enabled while sending (a disabled button drops the keyboard focus); a second press waits. */}
            <SubmitButton form={form} keepEnabled>
              Changer mon mot de passe
            </SubmitButton>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
