import type { SessionUser } from '@guichet/contract';
import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { currentUserQuery, landingFor } from '../../lib/session.ts';

/** Focus on the page title once shown: the screen changed without a navigation, a screen reader says so. */
function useFocusedTitle() {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return title;
}

/**
 * A screen the agent's roles do not open: a typed address, an old bookmark, or a right withdrawn
 * while working (the server answered 403). The session stays; the link leads to its landing screen.
 */
export function ForbiddenPage({ user }: { user: SessionUser }) {
  usePageTitle('Accès refusé');
  const title = useFocusedTitle();
  const landing = landingFor(user.roles);
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start', maxWidth: 720 }}>
      <Typography ref={title} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
        Accès refusé
      </Typography>
      <Typography>
        Vos rôles ne vous permettent pas d'ouvrir cette page. Si votre travail l'exige, demandez à un administrateur du
        guichet ou à la personne chargée de la gestion des rôles de vous attribuer le rôle correspondant.
      </Typography>
      <Button component={Link} to={landing.path} variant="contained">
        Retour à {landing.label}
      </Button>
    </Stack>
  );
}

/** /admin for an agent who holds no role yet: nothing is open to it, it is told whom to ask. */
export function NoAccessPage({ user }: { user: SessionUser }) {
  usePageTitle('Aucun accès pour le moment');
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [still, setStill] = useState(false);

  async function check() {
    if (checking) return;
    setChecking(true);
    setStill(false);
    // When a role has come, the shell's fresh user moves the agent to its landing screen.
    const me = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => null);
    setChecking(false);
    if (!me?.user?.roles.length) setStill(true);
  }

  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start', maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Aucun accès pour le moment
      </Typography>
      <Typography>
        Bonjour {user.prenom}, votre compte agent (identifiant « {user.username} ») est bien ouvert, mais aucun rôle ne
        vous est encore attribué : aucun écran de l'espace agents ne vous est accessible.
      </Typography>
      <Typography>
        Demandez à un administrateur du guichet, ou à la personne chargée de la gestion des rôles, de vous attribuer le
        rôle dont vous avez besoin : « Agent » pour traiter les inscriptions, les partenaires et les demandes
        étudiantes, « Gestion des rôles » pour gérer les rôles des agents. Le rôle s'applique dès qu'il est attribué.
      </Typography>
      <Button variant="contained" onClick={check} aria-busy={checking}>
        Vérifier à nouveau mes accès
      </Button>
      <Typography role="status">{still ? 'Aucun rôle ne vous est encore attribué.' : ''}</Typography>
    </Stack>
  );
}
