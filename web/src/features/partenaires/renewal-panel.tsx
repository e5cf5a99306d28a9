import { formatDateTime, MESSAGES, STATUT } from '@guichet/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { type PageFeedback, settle } from './admin-feedback.tsx';
import { type PartenaireDetail, useSendRenewal } from './partenaires-api.ts';

/**
 * The yearly renewal mail (docs/spec/portal-spec.md §2): blocked while a proposal waits, the page has
 * unsaved changes or the partner is not validated (the server's rule, the campaign's too).
 */
export function RenewalPanel(props: {
  partenaire: PartenaireDetail;
  dirty: boolean;
  busy: boolean;
  feedback: PageFeedback;
}) {
  const { partenaire: p, dirty, busy, feedback } = props;
  const send = useSendRenewal(p.id);
  const blocked = p.tempdata
    ? "Validez ou refusez d'abord les modifications proposées par le partenaire."
    : dirty
      ? "Enregistrez d'abord vos changements."
      : p.idStatut !== STATUT.valide
        ? "Le mail de renouvellement ne s'envoie qu'aux partenaires validés."
        : null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="titre-renouvellement">
      <Typography id="titre-renouvellement" variant="h6" component="h2" sx={{ mb: 1 }}>
        Renouvellement annuel
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          disabled={busy || !!blocked}
          aria-describedby="aide-renouvellement"
          onClick={() => settle(send.mutateAsync(undefined), feedback, MESSAGES.erreurEnregistrement)}
        >
          Envoyer mail de renouvellement
        </Button>
        <Box id="aide-renouvellement">
          {p.token && (
            <Typography>
              Ce partenaire a déjà reçu un mail de renouvellement
              {p.tokenSentAt ? ` (le ${formatDateTime(p.tokenSentAt)})` : ''}
            </Typography>
          )}
          {blocked && (
            <Typography variant="body2" color="text.secondary">
              {blocked}
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
