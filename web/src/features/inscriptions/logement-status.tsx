import {
  formatDate,
  INSCRIPTION_LABELS,
  inscriptionChanges,
  MOTIF_ARCHIVAGE_LABELS,
  OFFRE_ARCHIVEE,
  STATUT,
} from '@guichet/contract';
import { Alert, AlertTitle, Paper, Stack, Typography } from '@mui/material';
import { FactList } from './inscription-facts.tsx';
import type { LogementSelf } from './logement-api.ts';

/** What each status means for the landlord; an archived offer says why it is out of the list. */
const MEANING: Record<number, string> = {
  [STATUT.enAttente]:
    'Nos services vont vérifier votre offre ; une fois validée, elle figurera dans la liste des logements privés envoyée aux étudiants.',
  [STATUT.valide]: 'Votre offre figure dans la liste des logements privés envoyée aux étudiants.',
  [STATUT.refuse]:
    'Votre offre n’a pas été retenue par nos services : elle ne figure pas dans la liste des logements. Vous pouvez la corriger et la renvoyer au guichet, qui l’examinera de nouveau.',
  [STATUT.archive]: OFFRE_ARCHIVEE,
};
/** An archived offer its landlord may put back: it no longer says it cannot change. */
const ARCHIVEE_REMISE = 'Cette offre est archivée : elle n’est plus dans la liste des logements.';

/**
 * When the landlord last said « Toujours disponible », if ever: a validation also dates the
 * confirmation (the same moment), which the page already shows as « Validée le ».
 */
export function landlordConfirmation(offer: LogementSelf): string | null {
  if (offer.idStatut !== STATUT.valide || !offer.dateConfirmation) return null;
  const validated = offer.dateValidation ? Date.parse(offer.dateValidation) : Number.NEGATIVE_INFINITY;
  return Date.parse(offer.dateConfirmation) - validated > 1000 ? offer.dateConfirmation : null;
}

/** The offer's status, its dates, and the pending « still available? » question. */
export function LogementStatus({ offer }: { offer: LogementSelf }) {
  const archived = offer.idStatut === STATUT.archive;
  const refused = offer.idStatut === STATUT.refuse;
  const facts: [string, string][] = [
    ['Statut', offer.statut],
    ['Reçue le', formatDate(offer.date)],
  ];
  if (offer.dateValidation && !refused) facts.push(['Validée le', formatDate(offer.dateValidation)]);
  const confirmed = landlordConfirmation(offer);
  if (confirmed) facts.push(['Disponibilité confirmée le', formatDate(confirmed)]);
  if (refused && offer.motifRefus) facts.push(['Motif du refus', offer.motifRefus]);
  if (archived && offer.motifArchivage) facts.push(['Motif', MOTIF_ARCHIVAGE_LABELS[offer.motifArchivage]]);
  if (archived && offer.motifArchivageTexte) facts.push(['Précisions', offer.motifArchivageTexte]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="titre-statut" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography id="titre-statut" variant="h6" component="h2">
          Statut de votre offre
        </Typography>
        <FactList facts={facts} />
        <Typography>{archived && offer.remiseEnLigne ? ARCHIVEE_REMISE : MEANING[offer.idStatut]}</Typography>
        {offer.tempdata && !archived && (
          <Alert severity="info">
            <AlertTitle component="p">Modifications en attente de vérification</AlertTitle>
            Vous avez proposé le {formatDate(offer.tempdata.date)} des modifications (
            {inscriptionChanges(offer, offer.tempdata)
              .map((k) => INSCRIPTION_LABELS[k])
              .join(', ')}
            ). Le guichet va les vérifier ; en attendant, votre offre reste dans la liste des logements telle qu’elle
            est décrite ci-dessous.
          </Alert>
        )}
        {offer.dateRelance && !archived && (
          <Alert severity="warning">
            <AlertTitle component="p">Votre logement est-il toujours disponible ?</AlertTitle>
            Nous vous l’avons demandé le {formatDate(offer.dateRelance)}. Répondez ci-dessous : sans réponse de votre
            part, votre offre sera retirée de la liste des logements.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
