import {
  type Categorie,
  type Doublon,
  type Filtre,
  formatDate,
  formatDateTime,
  MESSAGES,
  PARTENAIRE_TYPE_LABELS,
  VERSION_MESSAGES,
} from '@guichet/contract';
import { Alert, Backdrop, Box, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useBanner } from '../../components/banner.tsx';
import { CourrielEchecChip } from '../../components/courriel-echec.tsx';
import { StatusChip } from '../../components/data-table/status-chip.tsx';
import { DoublonsAlert } from '../../components/doublon.tsx';
import { HistoriqueJournal } from '../../components/journal/historique-journal.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { RecordVersion, useVersionConflict, VersionConflictAlert } from '../../components/version-conflict.tsx';
import { ApiError } from '../../lib/api.ts';
import { discardDrafts } from '../../lib/draft.ts';
import { paths } from '../../lib/paths.ts';
import { FeedbackSnackbar, type PageFeedback } from './admin-feedback.tsx';
import { useCategories, useFiltres } from './directory-api.ts';
import { EditPanel } from './edit-panel.tsx';
import { loadPartenaire, type PartenaireDetail, partenaireKeys, partenaireQuery } from './partenaires-api.ts';
import { ProposalPanel } from './proposal-panel.tsx';
import { RenewalPanel } from './renewal-panel.tsx';
import { partenaireDifferences } from './version-diff.ts';

/** /admin/partenaire/:id (docs/spec/portal-spec.md §2 Admin partner page). */
export function PartenaireDetailPage() {
  usePageTitle('Partenaire');
  const { id = '' } = useParams();
  // Held here: the message of an action outlives the reload that follows it.
  const feedback = useBanner();
  const query = useQuery(partenaireQuery(id));
  const categories = useCategories();
  const filtres = useFiltres();
  const loading = query.isPending || categories.isPending || filtres.isPending;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Link component={RouterLink} to={paths.admin.partenaires}>
        ← Retour aux partenaires
      </Link>
      {loading ? (
        <PageLoading title="Partenaire" label="Chargement du partenaire" />
      ) : query.isError || categories.isError || filtres.isError ? (
        <>
          <Typography variant="h4" component="h1" sx={{ my: 2 }}>
            Partenaire
          </Typography>
          <Alert severity="error" role="alert">
            {query.error instanceof ApiError && query.error.status < 500
              ? MESSAGES.partenaireIntrouvable
              : "Le partenaire n'a pas pu être chargé. Rechargez la page."}
          </Alert>
        </>
      ) : (
        // A reload (after each action) starts the panels again from the stored data.
        <Loaded
          key={query.dataUpdatedAt}
          partenaire={query.data.partenaire}
          doublons={query.data.doublons}
          courrielEchec={query.data.courrielEchec}
          categories={categories.data ?? []}
          filtres={filtres.data ?? []}
          feedback={feedback}
        />
      )}
      <FeedbackSnackbar banner={feedback.banner} onClose={feedback.clear} />
    </Box>
  );
}

function Loaded(props: {
  partenaire: PartenaireDetail;
  doublons: Doublon[];
  courrielEchec: { date: string; erreur: string | null } | null;
  categories: Categorie[];
  filtres: Filtre[];
  feedback: PageFeedback;
}) {
  const { partenaire: p, feedback } = props;
  const [dirty, setDirty] = useState(false);
  const busy = useIsMutating() > 0;
  const { tempdata } = p;
  const queryClient = useQueryClient();
  const load = useCallback(() => loadPartenaire(p.id), [p.id]);
  const stale = useVersionConflict({
    staleMessage: VERSION_MESSAGES.partenaire,
    seen: p,
    load,
    differences: partenaireDifferences,
  });
  const record = useMemo(() => ({ version: p.version, report: stale.report }), [p.version, stale.report]);
  // Reloading starts the panels again from the stored data (the page keys them by the reload).
  const { pathname } = useLocation();
  const reload = () => {
    discardDrafts(pathname);
    return queryClient.invalidateQueries({ queryKey: partenaireKeys.detail(p.id) });
  };

  return (
    <RecordVersion.Provider value={record}>
      <Stack spacing={3} sx={{ mt: 2 }}>
        <Backdrop open={busy} sx={{ zIndex: (t) => t.zIndex.drawer + 2, color: '#fff' }}>
          <CircularProgress color="inherit" aria-label="Enregistrement en cours" />
        </Backdrop>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
            <Typography variant="h4" component="h1">
              {p.nom}
            </Typography>
            <StatusChip id={p.idStatut} label={p.statut} />
            <Chip size="small" variant="outlined" label={p.actif ? 'Actif' : 'Inactif'} />
            <CourrielEchecChip echec={props.courrielEchec} />
          </Stack>
          <Typography color="text.secondary">
            Inscrit le {formatDateTime(p.date)} — Dernière mise à jour par le partenaire :{' '}
            {p.dateLastUpdate ? formatDate(p.dateLastUpdate) : 'jamais'} — {PARTENAIRE_TYPE_LABELS[p.typePartenaire]}
          </Typography>
        </Stack>
        <DoublonsAlert doublons={props.doublons} nom="le partenaire" href={paths.admin.partenaire} />
        <VersionConflictAlert conflict={stale.conflict} onReload={reload} />
        <RenewalPanel partenaire={p} dirty={dirty} busy={busy} feedback={feedback} />
        {tempdata ? (
          <ProposalPanel partenaire={{ ...p, tempdata }} busy={busy} feedback={feedback} />
        ) : (
          <EditPanel
            partenaire={p}
            categories={props.categories}
            filtres={props.filtres}
            busy={busy}
            feedback={feedback}
            onDirty={setDirty}
          />
        )}
        <HistoriqueJournal entite="partenaire" id={p.id} record={p} titre="Historique" />
      </Stack>
    </RecordVersion.Provider>
  );
}
