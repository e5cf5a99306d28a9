import { formatPhone, inscriptionSchema, MESSAGES, type OfferValues, STATUT } from '@guichet/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { BannerAlert } from '../../components/banner.tsx';
import { SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { ApiError } from '../../lib/api.ts';
import { type LogementSelf, proposeModification } from './logement-api.ts';
import { LogementFields } from './logement-step.tsx';
import { ProprietaireFields } from './proprietaire-step.tsx';

/** The stored offer as the wizard's fields hold it: text, yes/no as 'true' / 'false', the phone grouped by two. */
export const draftOf = ({ proprietaire, logement }: OfferValues): DefaultValues<z.input<typeof inscriptionSchema>> => ({
  proprietaire: { ...proprietaire, telephone: formatPhone(proprietaire.telephone) },
  logement: {
    ...logement,
    etage: logement.etage ?? '',
    typeParking: logement.typeParking ?? '',
    ascenceur: String(logement.ascenceur),
    localVelo: String(logement.localVelo),
  },
});

/**
 * « Modifier mon offre » (issue 17): the wizard's fields, prefilled with the offer (or with the
 * changes already proposed), checked with the wizard's schema here, then by the server. A pending
 * offer takes them at once; a validated one keeps them for the office's review.
 */
export function LogementModification({
  token,
  offer,
  onDone,
  onStale,
  onCancel,
}: {
  token: string;
  offer: LogementSelf;
  /** Saved: the server's answer. */
  onDone: (message: string) => void;
  /** The offer left the list meanwhile (409) or the link died (404). */
  onStale: (err: ApiError) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form replaces the offer's description: its heading takes the focus so the change is announced.
  useEffect(() => heading.current?.focus(), []);
  const validated = offer.idStatut === STATUT.valide;
  const refused = offer.idStatut === STATUT.refuse;
  const form = useContractForm({
    schema: inscriptionSchema,
    defaultValues: draftOf(offer.tempdata ?? offer),
    idPrefix: 'modification',
    invalidMessage: MESSAGES.champsObligatoires,
    submit: async (body) => {
      try {
        return await proposeModification(token, body);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
          onStale(err);
          return null;
        }
        throw err;
      }
    },
    onSuccess: (res) => {
      if (res) onDone(res.message ?? MESSAGES.enregistrementReussi);
    },
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="titre-modification" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography
          ref={heading}
          id="titre-modification"
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ outline: 'none' }}
        >
          {refused ? 'Corriger et renvoyer mon offre' : 'Modifier mon offre'}
        </Typography>
        <Typography>
          {refused
            ? 'Votre offre a été refusée par le guichet. Corrigez-la selon le motif du refus, puis renvoyez-la : elle redeviendra « En attente » jusqu’à un nouvel examen.'
            : validated
              ? 'Votre offre est validée : vos modifications seront vérifiées par le guichet avant de remplacer celle de la liste des logements, qui reste inchangée en attendant.'
              : 'Votre offre n’a pas encore été examinée par le guichet : vos modifications s’appliquent dès leur enregistrement.'}{' '}
          Tous les champs marqués d'un astérisque (*) sont obligatoires.
        </Typography>
        {offer.tempdata && (
          <Typography>
            Le formulaire reprend les modifications que vous avez déjà transmises : les enregistrer de nouveau les
            remplace.
          </Typography>
        )}
        <Box component="form" {...form.formProps}>
          <BannerAlert banner={form.banner.banner} sx={{ mb: 2 }} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            Propriétaire
          </Typography>
          <ProprietaireFields form={form} group="proprietaire" />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
            Logement
          </Typography>
          <LogementFields form={form} group="logement" />
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
            <Button variant="outlined" onClick={onCancel} disabled={form.busy}>
              Annuler
            </Button>
            <SubmitButton form={form}>
              {refused ? 'Renvoyer mon offre au guichet' : 'Enregistrer les modifications'}
            </SubmitButton>
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
