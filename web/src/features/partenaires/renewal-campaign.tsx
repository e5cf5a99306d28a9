import { type PartenaireCampaignResult, RENOUVELLEMENT_LOT } from '@guichet/contract';
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
import type { SelectionApi } from '../../components/data-table/data-table.tsx';
import { type CampaignBody, type PartenaireRow, partenaireKeys, sendCampaignBatch } from './partenaires-api.ts';

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
  | { state: 'confirm' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; counts: Counts; error?: string };

/**
 * « Envoyer le mail de renouvellement » on the partners list (issue 18): to the ticked partners,
 * or to every partner matching the filters. The server takes one batch per call; this loops,
 * showing the progress, then the summary. Only validated partners without pending changes get it.
 */
export function RenewalCampaign({ selection }: { selection: SelectionApi<PartenaireRow> }) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run | null>(null);
  const target = selection.allMatching ? selection.count : selection.selected.length;

  async function send() {
    let counts = zero;
    const total = target;
    setRun({ state: 'running', done: 0, total });
    try {
      if (selection.allMatching) {
        let apres = 0;
        for (;;) {
          const liste = selection.query as Extract<CampaignBody, { mode: 'filtres' }>['liste'];
          const res = await sendCampaignBatch({ mode: 'filtres', liste, apres });
          counts = add(counts, res);
          // The matches may change meanwhile: the server's remainder is the truth.
          setRun({ state: 'running', done: treated(counts), total: treated(counts) + res.restants });
          if (res.suivant === null) break;
          apres = res.suivant;
        }
      } else {
        const ids = selection.selected.map((p) => p.id);
        for (let i = 0; i < ids.length; i += RENOUVELLEMENT_LOT) {
          counts = add(counts, await sendCampaignBatch({ mode: 'ids', ids: ids.slice(i, i + RENOUVELLEMENT_LOT) }));
          setRun({ state: 'running', done: treated(counts), total });
        }
      }
      setRun({ state: 'done', counts });
    } catch (err) {
      setRun({ state: 'done', counts, error: (err as Error).message });
    }
    await queryClient.invalidateQueries({ queryKey: partenaireKeys.list });
  }

  const close = () => {
    if (run?.state === 'done') selection.clear();
    setRun(null);
  };
  const running = run?.state === 'running';

  return (
    <>
      <Button variant="contained" disabled={target === 0} onClick={() => setRun({ state: 'confirm' })}>
        Envoyer le mail de renouvellement
      </Button>
      <Dialog
        open={run !== null}
        onClose={running ? undefined : close}
        aria-labelledby="campagne-titre"
        aria-describedby="campagne-texte"
      >
        <DialogTitle id="campagne-titre">Mail de renouvellement</DialogTitle>
        <DialogContent>
          {run?.state === 'confirm' && (
            <DialogContentText id="campagne-texte">
              Envoyer le mail de renouvellement à {plural(target, 'partenaire', 'partenaires')} ? Seuls les partenaires
              validés et sans modification en attente le recevront.
            </DialogContentText>
          )}
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
              <Button variant="contained" onClick={send}>
                Envoyer
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
