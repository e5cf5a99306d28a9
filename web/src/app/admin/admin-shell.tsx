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
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { SkipLink } from '../../components/skip-link.tsx';
import { useSiteParams } from '../params.tsx';
import { paths } from '../paths.ts';
import { menuFor, useCurrentUser, useStatuts } from './session.ts';

const DRAWER_WIDTH = 220;

/** Top bar, account menu and the drawer of the admin area (spec §2 Admin shell). */
export function AdminShell() {
  const params = useSiteParams();
  const me = useCurrentUser();
  const logged = !!me.data?.logged;
  const statuts = useStatuts(logged);
  // On a phone or at 200 % zoom the menu lies over the page instead of squeezing it.
  const wide = useMediaQuery((t) => t.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(wide);
  const ready = me.isSuccess && (!logged || statuts.isSuccess);
  const user = me.data?.user ?? null;
  const menu = menuFor(user?.roles ?? []);

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
          <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
            {params.nomSite}
          </Typography>
          <AccountMenu logged={logged} name={user ? `${user.prenom} ${user.nom}` : ''} />
        </Toolbar>
      </AppBar>
      {logged && (
        <Drawer
          variant={wide ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: true }}
          id="menu-admin"
          sx={{
            width: open && wide ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          {/* A click in the overlay menu closes it (the page behind is then readable again). */}
          <Box component="nav" aria-label="Menu d'administration" onClick={() => !wide && setOpen(false)}>
            <List>
              {menu.gestion && <DrawerLink to={paths.admin.inscriptions} label="Inscriptions" />}
              {menu.gestion && <DrawerLink to={paths.admin.partenaires} label="Partenaires" />}
              {menu.gestion && <DrawerLink to={paths.admin.etudiants} label="Etudiants" />}
              {menu.roles && <DrawerLink to={paths.admin.roles} label="Roles" />}
            </List>
            <Divider />
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
        {ready ? (
          <Outlet context={{ user, statuts: statuts.data ?? [] }} />
        ) : me.isError || statuts.isError ? (
          <Typography role="alert" color="error">
            L'espace d'administration n'a pas pu être chargé. Rechargez la page.
          </Typography>
        ) : (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
            <CircularProgress aria-label="Chargement" />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function DrawerLink({ to, label }: { to: string; label: string }) {
  return (
    // A <ul> may hold only <li>: the link sits inside a list item (axe rule "list").
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={to} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}>
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
      >
        {name || 'Mon compte'}
      </Button>
      <Menu id="menu-compte" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {/* A full navigation: the server ends the session and redirects to the login page. */}
        <MenuItem component="a" href="/logout">
          Déconnexion
        </MenuItem>
      </Menu>
    </>
  );
}
