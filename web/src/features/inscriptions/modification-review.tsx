import {
  formatDateTime,
  formatPhone,
  type InscriptionField,
  inscriptionChanges,
  INSCRIPTION_LABELS as L,
  LOGEMENT_FIELDS,
  MESSAGES,
  MOTIF_MAX,
  type OfferValues,
  PROPRIETAIRE_FIELDS,
} from '@guichet/contract';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ProposalReview, type ReviewRow } from '../../components/proposal-review.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatCharges } from './inscription-facts.tsx';
import { type InscriptionDetail, useDecideChanges } from './inscriptions-api.ts';

/** A field's value as staff read it: phone grouped, charges in euros, yes/no in words, « Sans objet » for none. */
function shown(v: OfferValues, k: InscriptionField): string {
  const value =
    k in v.proprietaire
      ? v.proprietaire[k as keyof OfferValues['proprietaire']]
      : v.logement[k as keyof OfferValues['logement']];
  if (k === 'telephone') return formatPhone(String(value));
  if (k === 'charges') return formatCharges(String(value));
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  return value === null || value === '' ? 'Sans objet' : String(value);
}

/** Every field of the offer, current beside proposed, the changed ones marked. */
export function offerReviewRows(current: OfferValues, proposed: OfferValues): ReviewRow[] {
  const changed = new Set(inscriptionChanges(current, proposed));
  return [...PROPRIETAIRE_FIELDS, ...LOGEMENT_FIELDS].map((k) => ({
    key: k,
    label: L[k],
    current: shown(current, k),
    proposed: shown(proposed, k),
    changed: changed.has(k),
  }));
}

/**
 * The landlord's changes to a validated offer, side by side with the listed offer (the same table
 * as a partner's proposal), and staff's decision. Once decided the offer reloads without them: the
 * answer stays here, the only thing left of the panel.
 */
export function ModificationReview({
  inscription,
  onStale,
}: {
  inscription: InscriptionDetail;
  /** A 409 for a stale version: the page says what changed (true when it was one). */
  onStale: (err: unknown) => boolean;
}) {
  const decide = useDecideChanges(inscription.id);
  const [motif, setMotif] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const { tempdata } = inscription;
  const answer = feedback && (
    <Alert severity={feedback.ok ? 'success' : 'error'} role={feedback.ok ? 'status' : 'alert'}>
      {feedback.text}
    </Alert>
  );
  if (!tempdata) return answer;

  const send = (accept: boolean) => {
    if (decide.isPending) return;
    setFeedback(null);
    const reason = motif.trim();
    decide.mutate(
      {
        accept,
        dateProposition: tempdata.date,
        version: inscription.version,
        ...(!accept && reason ? { motif: reason } : {}),
      },
      {
        onSuccess: (res) => {
          setMotif('');
          setFeedback({ ok: true, text: res.message ?? MESSAGES.enregistrementReussi });
        },
        onError: (err) => {
          if (onStale(err)) return;
          setFeedback({ ok: false, text: err instanceof ApiError ? err.message : MESSAGES.erreurEnregistrement });
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="titre-modifications" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="titre-modifications" variant="h6" component="h2">
          Modifications proposées par le propriétaire
        </Typography>
        {/* Information, not an alert: nothing to announce as the page opens. */}
        <Alert severity="info" role="note">
          Le propriétaire a modifié son offre le {formatDateTime(tempdata.date)}. Merci de vérifier les données et de
          les valider ou refuser : l’offre reste dans la liste telle qu’elle est jusqu’à votre validation.
        </Alert>
        <ProposalReview rows={offerReviewRows(inscription, tempdata)} />
        <TextField
          id="motif-refus-modifications"
          label="Motif d’un refus (facultatif)"
          helperText="Il figure dans le courriel envoyé au propriétaire si vous refusez les modifications."
          value={motif}
          onChange={(e) => setMotif(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: MOTIF_MAX } }}
        />
        <Stack direction="row" spacing={2}>
          {/* Not disabled while sending: the keyboard focus stays (a second press is ignored). */}
          <Button
            variant="outlined"
            color="error"
            onClick={() => send(false)}
            aria-disabled={decide.isPending || undefined}
          >
            Refuser les modifications
          </Button>
          <Button variant="contained" onClick={() => send(true)} aria-disabled={decide.isPending || undefined}>
            Valider les modifications
          </Button>
        </Stack>
        {answer}
      </Stack>
    </Paper>
  );
}
