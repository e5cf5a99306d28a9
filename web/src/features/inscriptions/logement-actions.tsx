import { LIEN_INVALIDE, MESSAGES, STATUT } from '@guichet/contract';
import { Button, type ButtonBaseActions, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Banner } from '../../components/banner.tsx';
import { ApiError } from '../../lib/api.ts';
import { ArchiveDialog } from './archive-dialog.tsx';
import { type ArchiveAction, confirmDisponible, type LogementSelf, putBackOnline } from './logement-api.ts';

type Answer = 'disponible' | ArchiveAction;
/** The mail's buttons: `?reponse=disponible` or `?reponse=loue`. */
const MAIL_ANSWERS: readonly string[] = ['disponible', 'loue'];

/** A refusal as the landlord reads it: a dead link says how to get a new one. */
export const refusalText = (err: unknown) =>
  err instanceof ApiError ? (err.status === 404 ? LIEN_INVALIDE : err.message) : MESSAGES.erreur;

/**
 * What the landlord may do with the offer: confirm it is available (a validated offer), change it,
 * say it is let, or withdraw it (an offer in play; the last two ask for confirmation first); correct
 * and send back a refused offer; put an archived one back online. Only what the server accepts is
 * offered. Nothing happens without a click: a mail's `?reponse=` only puts the focus on its button,
 * while its question is open.
 */
export function LogementActions({
  token,
  offer,
  onResult,
  onEdit,
  focusEdit,
}: {
  token: string;
  offer: LogementSelf;
  onResult: (banner: Banner) => void;
  /** « Modifier mon offre » (a pending or validated offer), « Corriger et renvoyer » (refused): opens the wizard's fields. */
  onEdit?: () => void;
  /** Back from the form without saving: the focus returns to « Modifier mon offre ». */
  focusEdit?: boolean;
}) {
  const [searchParams] = useSearchParams();
  const reponse = searchParams.get('reponse');
  const validated = offer.idStatut === STATUT.valide;
  const refused = offer.idStatut === STATUT.refuse;
  const archived = offer.idStatut === STATUT.archive;
  // A mail's answer is pointed at while its button is there and, for « Toujours disponible », while
  // the question is open: once answered, the page no longer prompts for it.
  const available = (answer: string | null) =>
    answer === 'loue' ? !refused && !archived : answer === 'disponible' && validated && offer.dateRelance !== null;
  const asked = (MAIL_ANSWERS.includes(reponse ?? '') && available(reponse) ? reponse : null) as Answer | null;
  const [dialog, setDialog] = useState<ArchiveAction | null>(null);
  const buttons: Record<Answer, RefObject<HTMLButtonElement | null>> = {
    disponible: useRef<HTMLButtonElement>(null),
    loue: useRef<HTMLButtonElement>(null),
    retrait: useRef<HTMLButtonElement>(null),
  };
  const highlight = useRef<ButtonBaseActions>(null);
  const edit = useRef<HTMLButtonElement>(null);
  // A cancelled dialog gives the focus back to its button, once the dialog (and its focus trap) is gone.
  const cancelled = useRef<ArchiveAction | null>(null);
  useEffect(() => {
    if (dialog || !cancelled.current) return;
    buttons[cancelled.current].current?.focus();
    cancelled.current = null;
  });

  // Once, when the page opens from a mail: the keyboard focus (and its visible ring) on the answer's button.
  useEffect(() => {
    highlight.current?.focusVisible();
    if (focusEdit) edit.current?.focus();
  }, []);

  const disponible = useMutation({
    mutationFn: () => confirmDisponible(token),
    onSuccess: (res) => onResult({ severity: 'success', text: res.message ?? MESSAGES.enregistrementReussi }),
    onError: (err) => onResult({ severity: 'error', text: refusalText(err) }),
  });
  const remise = useMutation({
    mutationFn: () => putBackOnline(token),
    onSuccess: (res) => onResult({ severity: 'success', text: res.message ?? MESSAGES.enregistrementReussi }),
    onError: (err) => onResult({ severity: 'error', text: refusalText(err) }),
  });
  const busy = disponible.isPending || remise.isPending;

  const button = (answer: Answer, label: string, onClick: () => void) => {
    const isAsked = asked === answer;
    return (
      <Button
        ref={buttons[answer]}
        action={isAsked ? highlight : undefined}
        variant={isAsked ? 'contained' : 'outlined'}
        color={answer === 'disponible' ? 'primary' : 'error'}
        size="large"
        onClick={onClick}
        disabled={busy}
      >
        {label}
      </Button>
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="titre-actions" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography id="titre-actions" variant="h6" component="h2">
          Que souhaitez-vous faire ?
        </Typography>
        {asked && (
          <Typography>Pour confirmer votre réponse, cliquez sur le bouton mis en évidence ci-dessous.</Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {validated && button('disponible', 'Toujours disponible', () => disponible.mutate())}
          {onEdit && (
            <Button ref={edit} variant="outlined" size="large" onClick={onEdit} disabled={busy}>
              {refused ? 'Corriger et renvoyer' : 'Modifier mon offre'}
            </Button>
          )}
          {!refused && !archived && button('loue', 'Mon logement est loué', () => setDialog('loue'))}
          {!refused && !archived && button('retrait', 'Retirer mon offre', () => setDialog('retrait'))}
          {archived && offer.remiseEnLigne && (
            <Button variant="contained" size="large" onClick={() => remise.mutate()} disabled={busy}>
              Remettre mon offre en ligne
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {help(offer, Boolean(onEdit))}
        </Typography>
      </Stack>
      {dialog && (
        <ArchiveDialog
          action={dialog}
          token={token}
          onClose={() => {
            cancelled.current = dialog;
            setDialog(null);
          }}
          onDone={(message) => {
            setDialog(null);
            onResult({ severity: 'success', text: message ?? MESSAGES.enregistrementReussi });
          }}
          onStale={(err) => {
            setDialog(null);
            onResult({ severity: 'error', text: refusalText(err) });
          }}
        />
      )}
    </Paper>
  );
}

/** What the buttons shown do, in a sentence each. */
function help(offer: LogementSelf, editable: boolean): string {
  if (offer.idStatut === STATUT.refuse)
    return '« Corriger et renvoyer » : modifiez votre offre selon le motif du refus, puis renvoyez-la ; elle redevient « En attente » jusqu’à un nouvel examen par le guichet.';
  if (offer.idStatut === STATUT.archive)
    return offer.remiseEnLigne === 'directe'
      ? '« Remettre mon offre en ligne » la remet aussitôt dans la liste des logements, confirmée comme disponible.'
      : '« Remettre mon offre en ligne » la renvoie au guichet, qui la vérifie avant de la remettre dans la liste des logements.';
  const validated = offer.idStatut === STATUT.valide;
  return [
    validated ? '« Toujours disponible » confirme que votre offre reste dans la liste.' : '',
    editable
      ? validated
        ? '« Modifier mon offre » : vos modifications sont vérifiées par le guichet avant de paraître dans la liste.'
        : '« Modifier mon offre » corrige votre offre avant son examen par le guichet.'
      : '',
    'Un logement loué ou une offre retirée quitte aussitôt la liste des logements.',
  ]
    .filter(Boolean)
    .join(' ');
}
