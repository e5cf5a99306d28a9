import { LIEN_INVALIDE, MESSAGES, STATUT } from '@guichet/contract';
import { Button, type ButtonBaseActions, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Banner } from '../../components/banner.tsx';
import { ApiError } from '../../lib/api.ts';
import { ArchiveDialog } from './archive-dialog.tsx';
import { type ArchiveAction, confirmDisponible, type LogementSelf } from './logement-api.ts';

type Answer = 'disponible' | ArchiveAction;
/** The mail's buttons: `?reponse=disponible` or `?reponse=loue`. */
const MAIL_ANSWERS: readonly string[] = ['disponible', 'loue'];

/** A refusal as the landlord reads it: a dead link says how to get a new one. */
export const refusalText = (err: unknown) =>
  err instanceof ApiError ? (err.status === 404 ? LIEN_INVALIDE : err.message) : MESSAGES.erreur;

/**
 * What the landlord may do with an offer still in play: confirm it is available (a validated offer),
 * say it is let, or withdraw it. The last two ask for confirmation first. Nothing happens without a
 * click: a mail's `?reponse=` only puts the focus on its button.
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
  /** « Modifier mon offre » (a pending or validated offer): opens the wizard's fields. */
  onEdit?: () => void;
  /** Back from the form without saving: the focus returns to « Modifier mon offre ». */
  focusEdit?: boolean;
}) {
  const [searchParams] = useSearchParams();
  const reponse = searchParams.get('reponse');
  const asked = (MAIL_ANSWERS.includes(reponse ?? '') ? reponse : null) as Answer | null;
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
  const validated = offer.idStatut === STATUT.valide;

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
        disabled={disponible.isPending}
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
        {asked && (validated || asked !== 'disponible') && (
          <Typography>Pour confirmer votre réponse, cliquez sur le bouton mis en évidence ci-dessous.</Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {validated && button('disponible', 'Toujours disponible', () => disponible.mutate())}
          {onEdit && (
            <Button ref={edit} variant="outlined" size="large" onClick={onEdit} disabled={disponible.isPending}>
              Modifier mon offre
            </Button>
          )}
          {button('loue', 'Mon logement est loué', () => setDialog('loue'))}
          {button('retrait', 'Retirer mon offre', () => setDialog('retrait'))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {validated ? '« Toujours disponible » confirme que votre offre reste dans la liste. ' : ''}
          {onEdit
            ? validated
              ? '« Modifier mon offre » : vos modifications sont vérifiées par le guichet avant de paraître dans la liste. '
              : '« Modifier mon offre » corrige votre offre avant son examen par le guichet. '
            : ''}
          Un logement loué ou une offre retirée quitte aussitôt la liste des logements.
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
