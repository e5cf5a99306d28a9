import { type EvenementInscription, formatDateTime, MOTIF_ARCHIVAGE_LABELS, STATUT } from '@guichet/contract';
import { Alert, Box, Paper, Typography } from '@mui/material';
import type { InscriptionDetail } from './inscriptions-api.ts';

/** What staff read for each kind of event (a Record: a new kind fails the typecheck until labelled). */
export const EVENEMENT_LABELS: Record<EvenementInscription, string> = {
  recue: 'Offre reçue',
  validee: 'Validée par le guichet',
  refusee: 'Refusée par le guichet',
  confirmee: 'Disponibilité confirmée par le propriétaire',
  louee: 'Logement loué',
  retiree: 'Offre retirée par le propriétaire',
  modification_proposee: 'Modifications proposées par le propriétaire',
  modification_validee: 'Modifications validées par le guichet',
  modification_refusee: 'Modifications refusées par le guichet',
  relance: 'Vérification envoyée',
  expiree: 'Archivée faute de réponse',
  renvoyee: 'Corrigée et renvoyée par le propriétaire après un refus',
  remise_en_ligne: 'Remise en ligne par le propriétaire',
  archivee: 'Archivée par le guichet',
};

/** The words kept with an event: a refusal's reason, the landlord's own words, or a plain note. */
function detailText(type: EvenementInscription, detail: string) {
  if (type === 'refusee') return `Motif : ${detail}`;
  if (type === 'louee' || type === 'retiree') return `« ${detail} »`;
  return detail;
}

/** The landlord's and staff's actions on the offer, oldest first, and why it was archived. */
export function HistoriquePanel({ inscription }: { inscription: InscriptionDetail }) {
  const { historique, motifArchivage, motifArchivageTexte } = inscription;
  const archived = inscription.idStatut === STATUT.archive && motifArchivage;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="titre-historique" sx={{ p: 2 }}>
      <Typography id="titre-historique" variant="h6" component="h2" sx={{ mb: 2 }}>
        Historique
      </Typography>
      {archived && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Motif de l’archivage : {MOTIF_ARCHIVAGE_LABELS[motifArchivage]}
          {motifArchivageTexte ? ` — « ${motifArchivageTexte} »` : ''}
        </Alert>
      )}
      {inscription.idStatut === STATUT.valide && (
        <Typography sx={{ mb: 2 }}>
          Disponibilité confirmée le {formatDateTime(inscription.dateConfirmation)}
        </Typography>
      )}
      {historique.length === 0 ? (
        <Typography color="text.secondary">Aucune action enregistrée.</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {historique.map((e, i) => (
            // Events never move nor go: their position is a stable key.
            <li key={i}>
              <Typography component="span" color="text.secondary">
                <time dateTime={e.date}>{formatDateTime(e.date)}</time>
              </Typography>{' '}
              — {EVENEMENT_LABELS[e.type]}
              {e.detail && (
                <Typography variant="body2" color="text.secondary">
                  {detailText(e.type, e.detail)}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
