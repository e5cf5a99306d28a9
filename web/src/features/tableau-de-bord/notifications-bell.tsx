import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '../../lib/notifications.ts';
import { paths } from '../../lib/paths.ts';
import { listLinks } from './links.ts';
import { useNotificationsVues } from './tableau-de-bord-api.ts';

/** « 3 nouvelles demandes »: the bell's name, read by screen readers instead of the badge. */
export const nouvellesDemandes = (n: number) =>
  n === 0 ? 'Aucune nouvelle demande' : n === 1 ? '1 nouvelle demande' : `${n} nouvelles demandes`;

type Counts = { inscriptions: number; partenaires: number; etudiants: number };

/**
 * The app bar's bell (issue 18): items still waiting that came in since the agent last opened this
 * menu, read again every minute while the tab is visible. Opening the menu marks them seen (the
 * count starts again from zero); the menu keeps showing what was new, with links to the lists.
 */
export function NotificationsBell() {
  const notifications = useNotifications(true);
  const vues = useNotificationsVues();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState<Counts | null>(null);
  const total = notifications.data?.total ?? 0;

  function open(target: HTMLElement) {
    const data = notifications.data;
    setShown(
      data ? { inscriptions: data.inscriptions, partenaires: data.partenaires, etudiants: data.etudiants } : null,
    );
    setAnchor(target);
    if (data && data.total > 0) vues.mutate();
  }
  const close = () => setAnchor(null);
  const entries = [
    {
      key: 'inscriptions',
      to: listLinks.inscriptions(),
      label: (n: number) => `${n} offre${n > 1 ? 's' : ''} de logement`,
    },
    {
      key: 'partenaires',
      to: paths.admin.partenaires,
      label: (n: number) => `${n} inscription${n > 1 ? 's' : ''} ou modification${n > 1 ? 's' : ''} de partenaire`,
    },
    {
      key: 'etudiants',
      to: listLinks.etudiants(),
      label: (n: number) => `${n} demande${n > 1 ? 's' : ''} étudiante${n > 1 ? 's' : ''}`,
    },
  ] as const;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={nouvellesDemandes(total)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'menu-notifications' : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => open(e.currentTarget)}
        sx={{ mr: 1 }}
      >
        {/* The whole number, as the button's name says it (no « 99+ »); nothing at zero. */}
        <Badge badgeContent={total > 0 ? total : null} color="error" max={100_000}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {/* Inside the top bar (the banner landmark), like the account menu. */}
      <Menu
        id="menu-notifications"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        disablePortal
        slotProps={{ list: { 'aria-label': 'Nouveau depuis votre dernière visite' } }}
      >
        {!shown || entries.every((e) => shown[e.key] === 0) ? (
          <MenuItem disabled>Rien de nouveau depuis votre dernière visite</MenuItem>
        ) : null}
        {shown &&
          entries
            .filter((e) => shown[e.key] > 0)
            .map((e) => (
              <MenuItem key={e.key} component={Link} to={e.to} onClick={close}>
                {e.label(shown[e.key])}
              </MenuItem>
            ))}
        <MenuItem component={Link} to={paths.admin.tableauDeBord} onClick={close}>
          Tableau de bord
        </MenuItem>
      </Menu>
    </>
  );
}
