import { type AgentSummary, MESSAGES, ROLE_MESSAGES, ROLE_RULES } from '@guichet/contract';
import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError } from '../../lib/api.ts';
import { AddAgentDialog } from './add-agent-dialog.tsx';
import { AgentAvatar, fullName } from './agent-avatar.tsx';
import { type RoleRow, roleQuery, useRoleAgentsUpdate } from './roles-api.ts';

const byName = (a: AgentSummary, b: AgentSummary) =>
  a.nom.localeCompare(b.nom, 'fr', { sensitivity: 'base' }) || a.prenom.localeCompare(b.prenom, 'fr');

/**
 * The edit dialog of one role: its agents, 'Ajouter', a delete action per agent, Annuler and Enregistrer.
 * It offers only what the server accepts (ROLE_RULES): a role the agent may not edit is shown read-only,
 * and a role manager is not offered to itself.
 */
export function RoleDialog(props: { role: RoleRow; onClose: () => void; onSaved: (message: string) => void }) {
  const { role } = props;
  const { user } = useAdmin();
  const readOnly = !ROLE_RULES.canEditRole(user.roles, role.code);
  const loaded = useQuery(roleQuery(role.id));
  // The list being edited; the server's list until the first change.
  const [edited, setEdited] = useState<AgentSummary[] | null>(null);
  const agents = edited ?? loaded.data?.agents ?? null;
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const addEntry = useRef<HTMLDivElement>(null);
  const titleId = `role-${role.id}-titre`;
  const libelle = loaded.data?.libelle ?? role.libelle;
  // Keeping or putting back oneself is fine when the server's list already holds one; joining is not.
  const selfAddable = ROLE_RULES.canAddSelf(user.roles) || !!loaded.data?.agents.some((agent) => agent.id === user.id);

  const save = useRoleAgentsUpdate(role.id);
  const submit = (ids: number[]) =>
    save.mutate(ids, {
      onSuccess: (res) => props.onSaved(res.message ?? MESSAGES.enregistrementReussi),
      onError: (err) =>
        setError(err instanceof ApiError ? (err.field('agents') ?? err.message) : MESSAGES.erreurEnregistrement),
    });

  function remove(agent: AgentSummary) {
    if (!agents) return;
    setEdited(agents.filter((a) => a.id !== agent.id));
    setAnnounce(`${fullName(agent)} retiré de la liste. Enregistrez pour confirmer.`);
    setError(null);
    // The pressed button is gone: focus goes to a stable place rather than to the page.
    requestAnimationFrame(() => addEntry.current?.focus());
  }

  function add(agent: AgentSummary) {
    if (!agents) return;
    setEdited([...agents, agent].sort(byName));
    setAnnounce(`${fullName(agent)} ajouté à la liste. Enregistrez pour confirmer.`);
    setError(null);
    setAdding(false);
  }

  return (
    <>
      <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{libelle}</DialogTitle>
        <DialogContent>
          {readOnly && (
            <Alert severity="info" role="note" sx={{ mb: 1 }}>
              {ROLE_MESSAGES.reserveAdministrateur(libelle)} Pour un changement, adressez-vous à l'un des agents
              ci-dessous.
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {loaded.isError ? (
            <Alert severity="error" role="alert">
              Le rôle n'a pas pu être chargé : {(loaded.error as Error).message}
            </Alert>
          ) : !agents ? (
            <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress aria-label="Chargement des agents" />
            </Box>
          ) : (
            <List aria-label={`Agents du rôle ${libelle}`}>
              {agents.length === 0 && (
                <ListItem>
                  <ListItemText primary="Aucun agent n'a ce rôle." />
                </ListItem>
              )}
              {agents.map((agent) => (
                <ListItem
                  key={agent.id}
                  secondaryAction={
                    readOnly ? undefined : (
                      <IconButton edge="end" aria-label={`Retirer ${fullName(agent)}`} onClick={() => remove(agent)}>
                        <DeleteIcon />
                      </IconButton>
                    )
                  }
                >
                  <ListItemAvatar>
                    <AgentAvatar agent={agent} />
                  </ListItemAvatar>
                  <ListItemText primary={fullName(agent)} />
                </ListItem>
              ))}
              {!readOnly && (
                <ListItem disablePadding>
                  <ListItemButton ref={addEntry} onClick={() => setAdding(true)} aria-haspopup="dialog">
                    <ListItemAvatar>
                      <Avatar aria-hidden sx={{ bgcolor: 'transparent', color: 'primary.main' }}>
                        <AddIcon />
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary="Ajouter"
                      slotProps={{ primary: { color: 'primary', sx: { fontWeight: 600 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              )}
            </List>
          )}
          <Typography role="status" sx={visuallyHidden}>
            {announce}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{readOnly ? 'Fermer' : 'Annuler'}</Button>
          {!readOnly && (
            <>
              {/* Kept enabled while saving (a disabled button would drop the keyboard focus); a second press waits. */}
              <Button
                variant="contained"
                disabled={!agents}
                aria-busy={save.isPending}
                startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
                onClick={() => agents && !save.isPending && submit(agents.map((a) => a.id))}
              >
                Enregistrer
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      {adding && agents && (
        <AddAgentDialog
          exclude={[...agents.map((a) => a.id), ...(selfAddable ? [] : [user.id])]}
          note={
            selfAddable
              ? undefined
              : 'Vous ne pouvez pas vous ajouter vous-même à un rôle : demandez-le à un administrateur ou à une autre personne chargée de la gestion des rôles.'
          }
          onAdd={add}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
