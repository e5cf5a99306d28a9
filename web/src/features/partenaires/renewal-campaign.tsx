import type { PartenaireCampaignResult } from '@guichet/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListApi } from '../../components/data-table/data-table.tsx';
import { type CampaignListe, campaignPreview, partenaireKeys, sendCampaignBatch } from './partenaires-api.ts';

type Counts = Omit<PartenaireCampaignResult, 'suivant' | 'restants'>;
const zero: Counts = { envoyes: 0, modificationsEnAttente: 0, nonValides: 0, introuvables: 0 };
const add = (a: Counts, b: Counts): Counts => ({
  envoyes: a.envoyes + b.envoyes,
  modificationsEnAttente: a.modificationsEnAttente + b.modificationsEnAttente,
  nonValides: a.nonValides + b.nonValides,
  introuvables: a.introuvables + b.introuvables,
});
const treated = (c: Counts) => c.envoyes + c.modificationsEnAttente + c.nonValides + c.introuvables;
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** « 3 envoyés, 1 ignoré (modifications en attente) », plus the other skips when there are some. */
export function campaignSummary(c: Counts): string {
  const parts = [
    plural(c.envoyes, 'envoyé', 'envoyés'),
    `${plural(c.modificationsEnAttente, 'ignoré', 'ignorés')} (modifications en attente)`,
  ];
  if (c.nonValides) parts.push(`${plural(c.nonValides, 'ignoré', 'ignorés')} (partenaire non validé)`);
  if (c.introuvables) parts.push(`${plural(c.introuvables, 'ignoré', 'ignorés')} (partenaire supprimé)`);
  return parts.join(', ');
}

type Run =
  | { state: 'counting' }
  | { state: 'confirm'; partenaires: number; courriels: number }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; counts: Counts; error?: string };

/**
 * « Envoyer le mail de renouvellement » on the partners list: to every partner the list's search
 * and filters match (no rows to tick: only the student list has them). The confirmation says how
 * many partners that is and how many mails leave (validated partners without pending changes);
 * the server takes one batch per call, this loops, showing the progress, then the summary.
 */
export function RenewalCampaign({ list }: { list: ListApi }) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run | null>(null);
  const liste = list.query as CampaignListe;

  async function confirm() {
    setRun({ state: 'counting' });
    try {
      setRun({ state: 'confirm', ...(await campaignPreview(liste)) });
    } catch (err) {
      setRun({ state: 'done', counts: zero, error: (err as Error).message });
    }
  }

  async function send(total: number) {
    let counts = zero;
    setRun({ state: 'running', done: 0, total });
    try {
      let apres = 0;
      for (;;) {
        const res = await sendCampaignBatch({ mode: 'filtres', liste, apres });
        counts = add(counts, res);
        // The matches may change meanwhile: the server's remainder is the truth.
        setRun({ state: 'running', done: treated(counts), total: treated(counts) + res.restants });
        if (res.suivant === null) break;
        apres = res.suivant;
      }
      setRun({ state: 'done', counts });
    } catch (err) {
      setRun({ state: 'done', counts, error: (err as Error).message });
    }
    await queryClient.invalidateQueries({ queryKey: partenaireKeys.list });
  }

  const close = () => setRun(null);
  const running = run?.state === 'running';

  return (
    <>
      <Button variant="contained" disabled={list.count === 0} onClick={confirm} aria-busy={run?.state === 'counting'}>
        Envoyer le mail de renouvellement
      </Button>
      <Dialog
        open={run !== null && run.state !== 'counting'}
        onClose={running ? undefined : close}
        aria-labelledby="campagne-titre"
        aria-describedby="campagne-texte"
      >
        <DialogTitle id="campagne-titre">Mail de renouvellement</DialogTitle>
        <DialogContent>
          {run?.state === 'confirm' && <DialogContentText id="campagne-texte">{previewText(run)}</DialogContentText>}
          {run?.state === 'running' && (
            <>
              <Typography id="campagne-texte" aria-live="polite" sx={{ mb: 1 }}>
                Envoi en cours : {run.done} sur {run.total} partenaires traités
              </Typography>
              <LinearProgress
                variant="determinate"
                value={run.total ? Math.round((100 * run.done) / run.total) : 0}
                aria-label="Progression de l’envoi"
              />
            </>
          )}
          {run?.state === 'done' && (
            <Alert id="campagne-texte" severity={run.error ? 'error' : 'success'} role="status">
              {run.error ? `Envoi interrompu : ${run.error} Déjà traités : ` : ''}
              {campaignSummary(run.counts)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {run?.state === 'confirm' && (
            <>
              <Button onClick={close}>Annuler</Button>
              <Button
                variant="contained"
                disabled={run.courriels === 0}
                onClick={() => send(run.partenaires)}
                autoFocus
              >
                Envoyer {plural(run.courriels, 'courriel', 'courriels')}
              </Button>
            </>
          )}
          {run?.state === 'done' && (
            <Button variant="contained" onClick={close} autoFocus>
              Fermer
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

/** « 42 partenaires correspondent à la liste filtrée : 30 recevront le mail (un courriel chacun)… » */
export function previewText({ partenaires, courriels }: { partenaires: number; courriels: number }): string {
  const matches =
    partenaires === 1
      ? '1 partenaire correspond à la liste filtrée'
      : `${partenaires} partenaires correspondent à la liste filtrée`;
  if (courriels === 0)
    return `${matches}, mais aucun n’est validé sans modification en attente : aucun courriel ne partira.`;
  const sent =
    courriels === partenaires
      ? partenaires === 1
        ? 'il recevra le mail de renouvellement (1 courriel)'
        : `tous recevront le mail de renouvellement (${plural(courriels, 'courriel', 'courriels')})`
      : `${courriels} ${courriels === 1 ? 'recevra' : 'recevront'} le mail de renouvellement (${plural(courriels, 'courriel', 'courriels')})`;
  const skipped = partenaires - courriels;
  const rest =
    skipped === 0
      ? ''
      : ` ${skipped === 1 ? 'L’autre n’est pas validé ou a' : `Les ${skipped} autres ne sont pas validés ou ont`} des modifications en attente : ${skipped === 1 ? 'il ne recevra rien' : 'ils ne recevront rien'}.`;
  return `${matches} : ${sent}.${rest}`;
}
