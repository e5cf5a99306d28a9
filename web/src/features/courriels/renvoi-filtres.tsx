import { COURRIEL_TYPES, type CourrielType } from '@guichet/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTableState } from '../../components/data-table/use-table-state.ts';
import { ApiError } from '../../lib/api.ts';
import { type CourrielFiltres, renvoiCompte, useRenvoiFiltres } from './courriels-api.ts';

const courriels = (n: number) => (n === 1 ? '1 courriel' : `${n} courriels`);
export const FILTER_NAMES = ['statut', 'type', 'date'];
const SORT = { name: 'date', direction: 'desc' } as const;

/** What the list shows, in words, for the confirmation. */
function described(liste: CourrielFiltres) {
  const parts: string[] = [];
  const f = liste.filter ?? {};
  if (f.type) parts.push(`type « ${COURRIEL_TYPES[f.type as CourrielType] ?? f.type} »`);
  if (f.date) parts.push(`du ${String(f.date).split('-').reverse().join('/')}`);
  if (liste.search) parts.push(`recherche « ${liste.search} »`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

type Step = { liste: CourrielFiltres; enEchec: number; renvoyables: number };

/**
 * « Renvoyer les courriels en échec » (administrator): the failed mails of the list as it is
 * filtered now, after a confirmation that says how many. The server resends exactly that many, or
 * nothing if the list changed meanwhile.
 */
export function RenvoiFiltres(props: { onResult: (r: { ok: boolean; message: string }) => void }) {
  const { state } = useTableState(SORT, FILTER_NAMES);
  const [step, setStep] = useState<Step | null>(null);
  const [counting, setCounting] = useState(false);
  const renvoi = useRenvoiFiltres();

  async function ask() {
    if (counting) return;
    setCounting(true);
    const liste = { search: state.search, filter: state.filter } as CourrielFiltres;
    try {
      setStep({ liste, ...(await renvoiCompte(liste)) });
    } catch (e) {
      props.onResult({ ok: false, message: e instanceof ApiError ? e.message : 'Le compte a échoué. Réessayez.' });
    } finally {
      setCounting(false);
    }
  }

  async function confirm() {
    if (!step || renvoi.isPending) return;
    const { liste, renvoyables } = step;
    setStep(null);
    try {
      const res = await renvoi.mutateAsync({ liste, attendu: renvoyables });
      props.onResult({ ok: true, message: res.message });
    } catch (e) {
      props.onResult({
        ok: false,
        message: e instanceof ApiError ? e.message : 'Le renvoi a échoué. Réessayez dans un instant.',
      });
    }
  }

  const lost = step ? step.enEchec - step.renvoyables : 0;
  return (
    <>
      <Button
        variant="contained"
        aria-disabled={counting || renvoi.isPending || undefined}
        onClick={ask}
        aria-haspopup="dialog"
      >
        {renvoi.isPending ? 'Renvoi en cours…' : 'Renvoyer les courriels en échec'}
      </Button>
      <Dialog
        open={step !== null}
        onClose={() => setStep(null)}
        aria-labelledby="renvoi-titre"
        aria-describedby="renvoi-texte"
      >
        <DialogTitle id="renvoi-titre">Renvoyer les courriels en échec de la liste ?</DialogTitle>
        <DialogContent>
          <DialogContentText id="renvoi-texte">
            {step && step.renvoyables === 0
              ? `Aucun courriel en échec à renvoyer dans la liste affichée${described(step.liste)}.`
              : step &&
                `${courriels(step.renvoyables)} en échec de la liste affichée${described(step.liste)} ${step.renvoyables === 1 ? 'sera remis' : 'seront remis'} en file d'envoi.`}
            {lost > 0 &&
              ` ${courriels(lost)} en échec ${lost === 1 ? 'a perdu son' : 'ont perdu leur'} lien personnel : envoyez-en un nouveau depuis la fiche concernée.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStep(null)}>Annuler</Button>
          {step && step.renvoyables > 0 && (
            <Button variant="contained" autoFocus onClick={confirm}>
              Renvoyer {courriels(step.renvoyables)}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
