import { BANNER_MS, formatDateTime, MESSAGES, MOTIF_MAX, STATUT, VERSION_MESSAGES } from '@guichet/contract';
import { Alert, Box, Button, Grid, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { StatusChip } from '../../components/data-table/status-chip.tsx';
import { DoublonsAlert } from '../../components/doublon.tsx';
import { DraftNotice } from '../../components/draft-notice.tsx';
import { HistoriqueJournal } from '../../components/journal/historique-journal.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useVersionConflict, VersionConflictAlert } from '../../components/version-conflict.tsx';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError } from '../../lib/api.ts';
import { useDraft } from '../../lib/draft.ts';
import { paths } from '../../lib/paths.ts';
import { HistoriquePanel } from './historique-panel.tsx';
import { FactList, logementFacts, proprietaireFacts } from './inscription-facts.tsx';
import {
  type InscriptionDetail,
  inscriptionKeys,
  inscriptionQuery,
  loadInscription,
  useUpdateStatut,
} from './inscriptions-api.ts';
import { ModificationReview } from './modification-review.tsx';
import { inscriptionDifferences } from './version-diff.ts';

/** One housing offer, read-only, and its status (docs/spec/portal-spec.md §2 Admin housing registration page). */
export function InscriptionDetailPage() {
  usePageTitle("Inscription d'un logement");
  const { id = '' } = useParams();
  const query = useQuery(inscriptionQuery(id));

  return (
    <Box sx={{ maxWidth: 1024 }}>
      <Link component={RouterLink} to={paths.admin.inscriptions}>
        ← Retour aux inscriptions
      </Link>
      {query.isPending ? (
        <PageLoading title="Inscription d'un logement" label="Chargement de l'inscription" />
      ) : query.isError ? (
        <>
          <Typography variant="h4" component="h1" sx={{ my: 2 }}>
            Inscription d'un logement
          </Typography>
          <Alert severity="error" role="alert">
            {query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)
              ? MESSAGES.inscriptionIntrouvable
              : query.error.message}
          </Alert>
        </>
      ) : (
        // Another offer's page (a duplicate's link) starts again from its own data.
        <Loaded key={query.data.id} inscription={query.data} />
      )}
    </Box>
  );
}

function Loaded({ inscription }: { inscription: InscriptionDetail }) {
  const { statuts } = useAdmin();
  const [statut, setStatut] = useState(String(inscription.idStatut));
  const [motif, setMotif] = useState('');
  const refusing = Number(statut) === STATUT.refuse && inscription.idStatut !== STATUT.refuse;
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setStatut(String(inscription.idStatut)), [inscription.idStatut]);
  useEffect(() => {
    if (!feedback) return;
    const t = setTimeout(() => setFeedback(null), feedback.ok ? BANNER_MS.succes : BANNER_MS.erreur);
    return () => clearTimeout(t);
  }, [feedback]);

  const save = useUpdateStatut(inscription.id);
  const draft = useDraft({
    values: { statut, motif },
    dirty: statut !== String(inscription.idStatut) || motif !== '',
    restore: (kept) => {
      setStatut(kept.statut);
      setMotif(kept.motif);
    },
  });
  const queryClient = useQueryClient();
  const load = useCallback(() => loadInscription(inscription.id), [inscription.id]);
  const stale = useVersionConflict({
    staleMessage: VERSION_MESSAGES.inscription,
    seen: inscription,
    load,
    differences: inscriptionDifferences,
  });
  const reload = () => {
    draft.discard();
    setMotif('');
    return queryClient.invalidateQueries({ queryKey: inscriptionKeys.detail(inscription.id) }).then(stale.clear);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    setFeedback(null);
    const version = inscription.version;
    save.mutate(
      refusing && motif.trim()
        ? { statut: Number(statut), motif: motif.trim(), version }
        : { statut: Number(statut), version },
      {
        onSuccess: (res) => {
          setMotif('');
          setFeedback({ ok: true, text: res.message ?? MESSAGES.enregistrementReussi });
        },
        onError: (err) => {
          if (!stale.report(err)) setFeedback({ ok: false, text: MESSAGES.erreurEnregistrement });
        },
      },
    );
  };
  const { proprietaire: p } = inscription;

  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1">
          Logement de {p.prenom} {p.nom}
        </Typography>
        <StatusChip id={inscription.idStatut} label={inscription.statut} />
      </Stack>
      <Typography color="text.secondary">Inscription du {formatDateTime(inscription.date)}</Typography>
      <DoublonsAlert doublons={inscription.doublons} nom="l’offre" href={paths.admin.inscription} />
      <VersionConflictAlert conflict={stale.conflict} onReload={reload} />

      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }} aria-labelledby="titre-statut">
        <Typography id="titre-statut" variant="h6" component="h2" sx={{ mb: 2 }}>
          Statut de l'offre
        </Typography>
        <DraftNotice
          draft={draft}
          onDiscard={() => {
            setStatut(String(inscription.idStatut));
            setMotif('');
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            id="statut"
            label="Statut"
            select
            value={statut}
            onChange={(e) => setStatut(e.target.value)}
            slotProps={{ select: { native: true } }}
            sx={{ maxWidth: { sm: 260 } }}
          >
            {statuts.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.libelle}
              </option>
            ))}
          </TextField>
          {refusing && (
            <TextField
              id="motif-refus"
              label="Motif du refus (facultatif)"
              helperText="Il figure dans le courriel envoyé au propriétaire."
              value={motif}
              onChange={(e) => setMotif(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: MOTIF_MAX } }}
              sx={{ flex: 1, minWidth: { sm: 280 } }}
            />
          )}
          {/* Not disabled while saving: the keyboard focus stays on it (submit ignores a second press). */}
          <Button
            type="submit"
            variant="contained"
            aria-disabled={save.isPending || undefined}
            aria-busy={save.isPending}
          >
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </Stack>
        <Box sx={{ mt: feedback ? 2 : 0 }}>
          {feedback &&
            (feedback.ok ? (
              <Alert severity="success" role="status">
                {feedback.text}
              </Alert>
            ) : (
              <Alert severity="error" role="alert">
                {feedback.text}
              </Alert>
            ))}
        </Box>
      </Paper>

      <ModificationReview inscription={inscription} onStale={stale.report} />

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="titre-proprietaire"
            sx={{ p: 2, height: '100%' }}
          >
            <Typography id="titre-proprietaire" variant="h6" component="h2" sx={{ mb: 2 }}>
              Propriétaire
            </Typography>
            <FactList facts={proprietaireFacts(p)} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" component="section" aria-labelledby="titre-logement" sx={{ p: 2, height: '100%' }}>
            <Typography id="titre-logement" variant="h6" component="h2" sx={{ mb: 2 }}>
              Logement
            </Typography>
            <FactList facts={logementFacts(inscription.logement)} />
          </Paper>
        </Grid>
      </Grid>

      <HistoriquePanel inscription={inscription} />
      <HistoriqueJournal entite="inscription" id={inscription.id} record={inscription} />
    </Stack>
  );
}
