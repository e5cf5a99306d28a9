import {
  Avatar,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { logoSrc } from './logo-address.ts';
import { type CardData, PartenaireCard } from './partenaire-card.tsx';

/** The chip of docs/spec/portal-spec.md §2 (logo and name) that opens the card as the directory will show it. */
export function DirectoryPreview({ values }: { values: CardData }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography>Aperçu dans l'annuaire :</Typography>
      <Chip
        avatar={values.logo ? <Avatar src={logoSrc(values.logo)} alt="" /> : undefined}
        label={values.nom || 'Sans nom'}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        variant="outlined"
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="titre-apercu" maxWidth="xs" fullWidth>
        <DialogTitle id="titre-apercu">Aperçu dans l'annuaire</DialogTitle>
        <DialogContent>
          <PartenaireCard p={values} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Fermer</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
