import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Suspense, useLayoutEffect } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { MailLink, TelLink } from '../components/office-contact.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useSiteParams } from '../lib/params.tsx';
import { paths } from '../lib/paths.ts';

/** Header with the site name, the page, and a footer with the contact block and legal links. */
export function PublicLayout() {
  const params = useSiteParams();
  useScrollToTop();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{ bgcolor: 'background.paper', borderBottom: '4px solid', borderColor: 'primary.main' }}
      >
        <Container maxWidth="lg" sx={{ py: 2 }}>
          <MuiLink component={Link} to={paths.home} underline="none" color="text.primary">
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {params.nomSite}
            </Typography>
          </MuiLink>
        </Container>
      </Box>
      <Container component="main" id="contenu" tabIndex={-1} maxWidth="lg" sx={{ flex: 1, py: 4, outline: 'none' }}>
        {/*
          A page whose code is not here yet (the first visit, a redraw outside a navigation) waits in
          its own place: the header and footer stay, and the footer stays below the fold meanwhile.
        */}
        <Suspense fallback={<Box sx={{ minHeight: '100vh' }} />}>
          <Outlet />
        </Suspense>
      </Container>
      <Box component="footer" sx={{ bgcolor: 'background.paper', borderTop: '1px solid #ddd', py: 3 }}>
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              <Typography sx={{ fontWeight: 700 }}>{params.nomSite}</Typography>
              <Typography>{params.adresseContact}</Typography>
              <Typography>
                Téléphone : <TelLink phone={params.telephoneContact} /> — Courriel :{' '}
                <MailLink address={params.emailContact} />
              </Typography>
            </Box>
            <Stack component="nav" aria-label="Informations légales" spacing={0.5}>
              <MuiLink component={Link} to={paths.accessibilite}>
                Accessibilité : partiellement conforme
              </MuiLink>
              <MuiLink component={Link} to={paths.mentionsLegales}>
                Mentions légales
              </MuiLink>
              <MuiLink component={Link} to={paths.donneesPersonnelles}>
                Données personnelles
              </MuiLink>
              <MuiLink component={Link} to={paths.admin.login}>
                Espace agents
              </MuiLink>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}

/**
 * A link to another page opens it at its top; back and forward keep the browser's own restoring
 * of the position. A change of the query alone (the directory's themes) stays where it is.
 */
function useScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}
