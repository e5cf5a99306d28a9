import HistoryIcon from '@mui/icons-material/History';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { HistoriqueJournal } from '../../components/journal/historique-journal.tsx';

/**
 * A student request has no page of its own: its « Historique » (who validated or refused it, the
 * mail sent again) opens from its row, in a dialog; closing it gives the focus back to the button.
 */
export function HistoriqueButton({ id, email }: { id: number; email: string }) {
  const [open, setOpen] = useState(false);
  const label = `Historique de la demande de ${email}`;
  return (
    <>
      <Tooltip title="Historique">
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`historique-${id}`} fullWidth maxWidth="md">
        <DialogTitle id={`historique-${id}`}>Demande de {email}</DialogTitle>
        <DialogContent>{open && <HistoriqueJournal entite="etudiant" id={id} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Fermer</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
