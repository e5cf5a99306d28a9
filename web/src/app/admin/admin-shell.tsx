import { MOT_DE_PASSE_A_CHANGER } from '@guichet/contract';
import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { SkipLink } from '../../components/skip-link.tsx';
import { NotificationsBell } from '../../features/tableau-de-bord/notifications-bell.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSiteParams } from '../../lib/params.tsx';
import { paths } from '../../lib/paths.ts';
import { currentUserQuery, menuFor, useCurrentUser, useStatuts } from '../../lib/session.ts';
import { ForbiddenPage } from './access-pages.tsx';

const DRAWER_WIDTH = 220;

/** Top bar, account menu and the drawer of the admin area (docs/spec/portal-spec.md §2 Admin shell). */
export function AdminShell() {
  const params = useSiteParams();
  const me = useCurrentUser();
  const logged = !!me.data?.logged;
  // Until a generated password is changed the server refuses every staff call but Mon compte.
  const mustChange = !!me.data?.user?.motDePasseAChanger;
  const statuts = useStatuts(logged && !mustChange);
  // On a phone or at 200 % zoom the menu lies over the page instead of squeezing it.
  const wide = useMediaQuery((t) => t.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(wide);
  const ready = me.isSuccess && (!logged || mustChange || statuts.isSuccess);
  const user = me.data?.user ?? null;
  const menu = menuFor(mustChange ? [] : (user?.roles ?? []));
  const forbidden = useServerForbidden();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {logged && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={open ? 'Replier le menu' : 'Déplier le menu'}
              aria-expanded={open}
              aria-controls="menu-admin"
              onClick={() => setOpen((o) => !o)}
              sx={{ mr: 2 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          {/* One line on a phone: a taller bar would hide the menu's first entries under it. */}
          <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {params.nomSite}
          </Typography>
          {menu.gestion && <NotificationsBell />}
          <AccountMenu logged={logged} name={user ? `${user.prenom} ${user.nom}` : ''} />
        </Toolbar>
      </AppBar>
      {logged && (
        <Drawer
          variant={wide ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: true }}
          // Over the page (small screens) the drawer is a dialog, which needs a name; beside it, a plain panel.
          slotProps={{ paper: wide ? {} : { 'aria-label': 'Menu' } }}
          id="menu-admin"
          sx={{
            width: open && wide ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', height: '100dvh' },
          }}
        >
          <Toolbar />
          {/* A click in the overlay menu closes it (the page behind is then readable again). */}
          <Box component="nav" aria-label="Menu d'administration" onClick={() => !wide && setOpen(false)}>
            {/* Only the screens the agent's roles open; none at all for an agent without a role. */}
            {(menu.gestion || menu.roles) && (
              <>
                <List>
                  {menu.gestion && <DrawerLink to={paths.admin.tableauDeBord} label="Tableau de bord" />}
                  {menu.gestion && <DrawerLink to={paths.admin.inscriptions} label="Inscriptions" />}
                  {menu.gestion && <DrawerLink to={paths.admin.partenaires} label="Partenaires" />}
                  {menu.gestion && <DrawerLink to={paths.admin.etudiants} label="Etudiants" />}
                  {menu.roles && <DrawerLink to={paths.admin.roles} label="Roles" />}
                  {menu.gestion && <DrawerLink to={paths.admin.courriels} label="Courriels" />}
                  {menu.administration && <DrawerLink to={paths.admin.journal} label="Journal" />}
                </List>
                <Divider />
              </>
            )}
            <List>
              <DrawerLink to={paths.home} label="Site public" />
            </List>
          </Box>
        </Drawer>
      )}
      <Box
        component="main"
        id="contenu"
        tabIndex={-1}
        sx={{ flexGrow: 1, p: { xs: 1, sm: 3 }, minWidth: 0, outline: 'none' }}
      >
        <Toolbar />
        {ready && user && forbidden ? (
          <ForbiddenPage user={user} />
        ) : ready ? (
          // A screen whose code is not here yet waits in its place: the bar and the menu stay.
          <Suspense fallback={<Loading />}>
            <Outlet context={{ user, statuts: statuts.data ?? [] }} />
          </Suspense>
        ) : me.isError || statuts.isError ? (
          <>
            <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
              Espace agents indisponible
            </Typography>
            <Typography role="alert" color="error">
              L'espace d'administration n'a pas pu être chargé. Rechargez la page.
            </Typography>
          </>
        ) : (
          <Loading />
        )}
      </Box>
    </Box>
  );
}

/**
 * Whether the server answered 403 to a call of the screen on show (a right withdrawn while the agent
 * works): that screen gives way to the 403 page until the next navigation, and the agent's roles are
 * read again so the drawer and the route guards follow. The session stays (only a 401 ends it).
 */
function useServerForbidden() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const current = useRef(location.key);
  current.current = location.key;
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 403) return;
      // A password to change is no missing right: the fresh agent sends the screen to Mon compte.
      if ((error.body as { reason?: string } | undefined)?.reason !== MOT_DE_PASSE_A_CHANGER) {
        setRefusedAt(current.current);
      }
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    };
    const queries = queryClient.getQueryCache().subscribe((e) => {
      // Only a query some screen still shows: a late answer for a screen already left is not this one's.
      if (e.type === 'updated' && e.action.type === 'error' && e.query.getObserversCount() > 0) {
        onError(e.action.error);
      }
    });
    const mutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
  // Forgotten once the agent goes elsewhere: coming back (history) asks the server again.
  useEffect(() => {
    if (refusedAt !== null && refusedAt !== location.key) setRefusedAt(null);
  }, [location.key, refusedAt]);
  return refusedAt === location.key;
}

/** Every state of a page has its level-one heading (axe), the loading one too. */
function Loading() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', gap: 2, minHeight: '40vh' }}>
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="h1" color="text.secondary">
        Chargement de l'espace agents…
      </Typography>
    </Box>
  );
}

function DrawerLink({ to, label, end }: { to: string; label: string; end?: boolean }) {
  return (
    // A <ul> may hold only <li>: the link sits inside a list item (axe rule "list").
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={to}
        end={end}
        sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
      >
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

function AccountMenu({ logged, name }: { logged: boolean; name: string }) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!logged) {
    return (
      <Button color="inherit" startIcon={<AccountCircle />} onClick={() => navigate(paths.admin.login)}>
        Connexion
      </Button>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'menu-compte' : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={name || 'Mon compte'}
        sx={{ minWidth: 0, flexShrink: 0, '& .nom': { display: { xs: 'none', sm: 'inline' } } }}
      >
        {/* On a phone the icon alone; the name stays the button's name for screen readers. */}
        <span className="nom">{name || 'Mon compte'}</span>
      </Button>
      {/* Rendered inside the top bar (the banner landmark), not at the end of <body> outside every landmark. */}
      <Menu id="menu-compte" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} disablePortal>
        <MenuItem component={Link} to={paths.admin.compte} onClick={() => setAnchor(null)}>
          Mon compte
        </MenuItem>
        {/* A full navigation: the server ends the session and redirects to the login page. */}
        <MenuItem component="a" href="/logout">
          Déconnexion
        </MenuItem>
      </Menu>
    </>
  );
}
