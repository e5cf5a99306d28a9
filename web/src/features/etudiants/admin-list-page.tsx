import { ECOLES, type EtudiantAction, formatDateTime, MESSAGES, nomPays, PAYS_FRANCE, STATUT } from '@guichet/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { BannerAlert, useBanner, useFocusOnBanner } from '../../components/banner.tsx';
import { CourrielEchecChip } from '../../components/courriel-echec.tsx';
import { StatutAttente, useAttenteFilter } from '../../components/data-table/ageing-chip.tsx';
import {
  DataTable,
  type SelectionApi,
  type TableColumn,
  type TableFilter,
} from '../../components/data-table/data-table.tsx';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError } from '../../lib/api.ts';
import { type EtudiantRow, etudiantsExport, etudiantsList, useEtudiantAction } from './etudiants-api.ts';
import { HistoriqueButton } from './historique-button.tsx';

const columns: TableColumn<typeof etudiantsList>[] = [
  { field: 'date', headerName: 'Date', minWidth: 170, valueFormatter: (v: string) => formatDateTime(v) },
  {
    field: 'email',
    headerName: 'Email',
    flex: 1.4,
    minWidth: 200,
    // The address the housing list could not reach says so beside it.
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
        <span>{row.email}</span>
        <CourrielEchecChip echec={row.courrielEchec} />
      </Stack>
    ),
  },
  {
    field: 'adresse',
    headerName: 'Adresse',
    flex: 1.2,
    minWidth: 180,
    // The country only when it is not France, as an address is written on an envelope.
    valueGetter: (_v, row) =>
      [row.adresse, `${row.cp} ${row.ville}`.trim(), row.pays && row.pays !== PAYS_FRANCE ? nomPays(row.pays) : '']
        .filter(Boolean)
        .join(', '),
  },
  { field: 'ecole', headerName: 'École envisagée', flex: 1.2, minWidth: 180 },
  {
    field: 'statut',
    headerName: 'Statut',
    minWidth: 170,
    // The request's history beside its status (first: a long « en attente depuis » chip is cut at its end).
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
        <HistoriqueButton id={row.id} email={row.email} />
        <StatutAttente id={row.idStatut} label={row.statut} date={row.date} />
      </Stack>
    ),
  },
];

const demandes = (n: number) => (n === 1 ? '1 demande' : `${n} demandes`);
const courriels = (n: number) => (n === 1 ? '1 courriel' : `${n} courriels`);

/** 'Demandes étudiants' (docs/spec/portal-spec.md §2): validate (mails the housing list) or refuse a selection of requests. */
export function EtudiantsListPage() {
  const { statuts } = useAdmin();
  const attente = useAttenteFilter();
  const [running, setRunning] = useState<EtudiantAction | null>(null);
  // Validation mails every student: it waits for a confirmation that says how many.
  const [confirming, setConfirming] = useState<SelectionApi<EtudiantRow> | null>(null);
  const banner = useBanner();
  const update = useEtudiantAction();
  // The ticked rows leave the selection with the action: the focus goes to its result.
  const { bannerRef, focusResult } = useFocusOnBanner(banner.banner);

  const filters = useMemo<TableFilter<typeof etudiantsList>[]>(
    () => [
      { name: 'date', label: 'Date', type: 'date' },
      { name: 'email', label: 'Email', type: 'text' },
      { name: 'ecole', label: 'École envisagée', type: 'select', options: ECOLES.map((e) => ({ value: e, label: e })) },
      {
        name: 'statut',
        label: 'Statut',
        type: 'select',
        options: statuts.map((s) => ({ value: s.id, label: s.libelle })),
      },
      attente,
    ],
    [statuts, attente],
  );

  async function run(action: EtudiantAction, { selected, clear }: SelectionApi<EtudiantRow>) {
    if (running) return;
    setRunning(action);
    banner.clear();
    try {
      // The rows change on screen only once the server has applied the action (the mutation reloads them).
      const res = await update.mutateAsync({
        // The rows' e-mails let the server name a request deleted meanwhile.
        selection: selected.map((r) => ({ id: r.id, email: r.email })),
        action,
      });
      clear();
      banner.success(res.message);
      focusResult();
    } catch (e) {
      // A refusal names the request and the reason (already validated, no longer exists…).
      const reason = e instanceof ApiError && e.status >= 400 && e.status < 500 ? ` ${e.message}` : '';
      banner.error(`${MESSAGES.erreurEtudiants}${reason}`);
    } finally {
      setRunning(null);
    }
  }

  const toConfirm = confirming?.selected ?? [];
  const alreadyValidated = toConfirm.filter((r) => r.idStatut === STATUT.valide).length;
  const mails = toConfirm.length - alreadyValidated;

  return (
    <DataTable
      title="Demandes étudiants"
      endpoint={etudiantsList}
      columns={columns}
      defaultSort={{ name: 'date', direction: 'desc' }}
      filters={filters}
      exportEndpoint={etudiantsExport}
      banner={
        <>
          <BannerAlert ref={bannerRef} banner={banner.banner} onClose={banner.clear} />
          <Dialog
            open={confirming !== null}
            onClose={() => setConfirming(null)}
            aria-labelledby="confirmer-titre"
            aria-describedby="confirmer-texte"
          >
            <DialogTitle id="confirmer-titre">Valider {demandes(toConfirm.length)} ?</DialogTitle>
            <DialogContent>
              <DialogContentText id="confirmer-texte">
                {mails === 0
                  ? 'Ces demandes sont déjà validées : aucun courriel ne partira.'
                  : `${courriels(mails)} avec la liste des logements ${mails === 1 ? 'partira' : 'partiront'} aussitôt.`}
                {alreadyValidated > 0 &&
                  mails > 0 &&
                  (alreadyValidated === 1
                    ? ' 1 demande déjà validée ne recevra pas de second courriel.'
                    : ` ${alreadyValidated} demandes déjà validées ne recevront pas de second courriel.`)}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)}>Annuler</Button>
              <Button
                variant="contained"
                color="success"
                autoFocus
                onClick={() => {
                  const selection = confirming;
                  setConfirming(null);
                  if (selection) run('valider', selection);
                }}
              >
                {mails === 0 ? 'Valider' : `Valider et envoyer ${courriels(mails)}`}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      }
      selectionActions={(selection) => (
        <>
          <Button
            variant="contained"
            color="success"
            // Not disabled while the action runs, so the keyboard focus stays; a second press waits.
            disabled={selection.selected.length === 0}
            aria-disabled={running !== null || undefined}
            onClick={() => !running && setConfirming(selection)}
          >
            {running === 'valider' ? 'Envoi en cours…' : 'Valider et envoyer le mail'}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={selection.selected.length === 0}
            aria-disabled={running !== null || undefined}
            onClick={() => run('refuser', selection)}
          >
            Refuser
          </Button>
        </>
      )}
    />
  );
}
