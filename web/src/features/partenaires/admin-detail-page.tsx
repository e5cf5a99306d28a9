import {
  BANNER_MS,
  type Categorie,
  type Filtre,
  formatDate,
  formatDateTime,
  logoUrl,
  MESSAGES,
  PARTENAIRE_TYPE_LABELS,
  partenaireAdminUpdateSchema,
  partenaireFieldsSchema,
} from '@guichet/contract';
import {
  Alert,
  Avatar,
  Backdrop,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Link,
  Paper,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { StatusChip } from '../../components/data-table/status-chip.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { ApiError, api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { PartenaireCard } from './partenaire-card.tsx';
import { PartenaireSections } from './partenaire-fields.tsx';
import {
  type AdminPartenaire,
  check,
  type Errors,
  type FieldKey,
  focusFirstError,
  sameValues,
  serverErrors,
  toValues,
  type Values,
} from './partenaire-form.ts';
import { ProposalReview } from './proposal-review.tsx';
import { useCategories, useFiltres } from './reference-queries.ts';

type Feedback = { ok: boolean; text: string };
type Busy = 'save' | 'mail' | 'valid' | 'reject' | null;
const INFO_TEMPDATA =
  'Le partenaire a modifié ses informations. Merci de verifier les données et de les valider ou refuser.';

/** /admin/partenaire/:id (spec §2 Admin partner page). */
export function PartenaireDetailPage() {
  usePageTitle('Partenaire');
  const { id = '' } = useParams();
  const [feedback, setFeedbackState] = useState<(Feedback & { n: number }) | null>(null);
  // Each message gets its own display time, even when it replaces one still shown.
  const setFeedback = (f: Feedback | null) => setFeedbackState((prev) => f && { ...f, n: (prev?.n ?? 0) + 1 });
  const query = useQuery({
    queryKey: ['admin/partenaire', id],
    queryFn: () => api.get<{ partenaire: AdminPartenaire }>(`admin/partenaire/get/${encodeURIComponent(id)}`),
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 1,
  });
  const categories = useCategories();
  const filtres = useFiltres();
  const loading = query.isPending || categories.isPending || filtres.isPending;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Link component={RouterLink} to={paths.admin.partenaires}>
        ← Retour aux partenaires
      </Link>
      {loading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '30vh' }}>
          <CircularProgress aria-label="Chargement du partenaire" />
        </Box>
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
        // A reload (after each success) starts the forms again from the stored data.
        <Loaded
          key={query.dataUpdatedAt}
          partenaire={query.data.partenaire}
          categories={categories.data ?? []}
          filtres={filtres.data ?? []}
          onFeedback={setFeedback}
        />
      )}
      <Snackbar
        key={feedback?.n}
        open={!!feedback}
        autoHideDuration={feedback?.ok ? BANNER_MS.succes : BANNER_MS.erreur}
        onClose={(_e, reason) => reason !== 'clickaway' && setFeedback(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={feedback?.ok ? 'success' : 'error'}
          role={feedback?.ok ? 'status' : 'alert'}
          variant="filled"
          onClose={() => setFeedback(null)}
        >
          {feedback?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}

type Place = { statut: string; actif: string; categorie: string; filtre: string };

function Loaded(props: {
  partenaire: AdminPartenaire;
  categories: Categorie[];
  filtres: Filtre[];
  onFeedback: (f: Feedback) => void;
}) {
  const { partenaire: p, onFeedback } = props;
  const queryClient = useQueryClient();
  const { statuts } = useAdmin();
  const initial = toValues(p);
  const initialPlace: Place = {
    statut: String(p.idStatut),
    actif: String(p.actif),
    categorie: p.idCategorie === null ? '' : String(p.idCategorie),
    filtre: p.filtre ? String(p.filtre.id) : '',
  };
  const [values, setValues] = useState<Values>(initial);
  const [place, setPlace] = useState<Place>(initialPlace);
  const [proposal, setProposal] = useState<Values | null>(p.tempdata ? toValues(p.tempdata) : null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<Busy>(null);
  const dirty =
    !sameValues(values, initial) || (Object.keys(place) as (keyof Place)[]).some((k) => place[k] !== initialPlace[k]);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin/partenaire', String(p.id)] });
    await queryClient.invalidateQueries({ queryKey: ['admin/partenaires/get/list/by/filters'] });
  };

  /** Runs one action: overlay while it runs, the server's message after, a reload on success. */
  async function run(kind: Exclude<Busy, null>, call: () => Promise<{ message?: string }>, failure: string) {
    setBusy(kind);
    try {
      const res = await call();
      onFeedback({ ok: true, text: res.message ?? MESSAGES.enregistrementReussi });
      await reload();
    } catch (err) {
      const fromServer = serverErrors(err);
      setErrors(fromServer);
      focusFirstError(fromServer, kind === 'valid' ? 'proposition' : 'champ');
      // A conflict (a proposal arrived meanwhile) says why; otherwise the catalogue's message.
      onFeedback({ ok: false, text: err instanceof ApiError && err.status === 409 ? err.message : failure });
      if (err instanceof ApiError && err.status === 409) await reload();
    } finally {
      setBusy(null);
    }
  }

  function save(e: FormEvent) {
    e.preventDefault();
    const body = {
      partenaire: {
        ...values,
        statut: Number(place.statut),
        actif: place.actif === 'true',
        categorie: place.categorie ? Number(place.categorie) : null,
        filtre: place.filtre ? Number(place.filtre) : null,
      },
    };
    const local = check(partenaireAdminUpdateSchema, body);
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError(local);
      onFeedback({ ok: false, text: MESSAGES.erreurEnregistrement });
      return;
    }
    void run('save', () => api.put(`admin/partenaire/update/${p.id}`, body), MESSAGES.erreurEnregistrement);
  }

  function validate() {
    if (!proposal) return;
    const local = check(partenaireFieldsSchema, proposal);
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError(local, 'proposition');
      onFeedback({ ok: false, text: MESSAGES.erreurVerifierSaisie });
      return;
    }
    void run(
      'valid',
      () => api.put(`admin/partenaire/valid/update/${p.id}`, { partenaire: proposal }),
      MESSAGES.erreurVerifierSaisie,
    );
  }

  const onChange = (key: FieldKey, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const onProposal = (key: FieldKey, value: string) => {
    setProposal((v) => (v ? { ...v, [key]: value } : v));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const mailBlocked = p.tempdata
    ? "Validez ou refusez d'abord les modifications proposées par le partenaire."
    : dirty
      ? "Enregistrez d'abord vos changements."
      : null;

  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Backdrop open={!!busy} sx={{ zIndex: (t) => t.zIndex.drawer + 2, color: '#fff' }}>
        <CircularProgress color="inherit" aria-label="Enregistrement en cours" />
      </Backdrop>

      <Stack spacing={1}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <Typography variant="h4" component="h1">
            {p.nom}
          </Typography>
          <StatusChip id={p.idStatut} label={p.statut} />
          <Chip size="small" variant="outlined" label={p.actif ? 'Actif' : 'Inactif'} />
        </Stack>
        <Typography color="text.secondary">
          Inscrit le {formatDateTime(p.date)} — Dernière modification :{' '}
          {p.dateLastUpdate ? formatDate(p.dateLastUpdate) : 'aucune'} — {PARTENAIRE_TYPE_LABELS[p.typePartenaire]}
        </Typography>
      </Stack>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="titre-renouvellement">
        <Typography id="titre-renouvellement" variant="h6" component="h2" sx={{ mb: 1 }}>
          Renouvellement annuel
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            disabled={!!busy || !!mailBlocked}
            aria-describedby="aide-renouvellement"
            onClick={() =>
              run('mail', () => api.put(`admin/partenaire/send/mail/update/${p.id}`), MESSAGES.erreurEnregistrement)
            }
          >
            Envoyer mail de renouvellement
          </Button>
          <Box id="aide-renouvellement">
            {p.token && (
              <Typography>
                Ce partenaire a déjà reçu un mail de renouvellement
                {p.tokenSentAt ? ` (le ${formatDateTime(p.tokenSentAt)})` : ''}
              </Typography>
            )}
            {mailBlocked && (
              <Typography variant="body2" color="text.secondary">
                {mailBlocked}
              </Typography>
            )}
          </Box>
        </Stack>
      </Paper>

      {proposal ? (
        <Stack spacing={2} component="section" aria-labelledby="titre-proposition">
          <Typography id="titre-proposition" variant="h5" component="h2">
            Modifications proposées par le partenaire
          </Typography>
          <Alert severity="info">{INFO_TEMPDATA}</Alert>
          <ProposalReview current={initial} proposal={proposal} errors={errors} onChange={onProposal} />
          <Stack direction="row" spacing={2}>
            <Button
              variant="outlined"
              color="error"
              disabled={!!busy}
              onClick={() =>
                run('reject', () => api.put(`admin/partenaire/reject/update/${p.id}`), MESSAGES.erreurVerifierSaisie)
              }
            >
              Refuser les modifications
            </Button>
            <Button variant="contained" disabled={!!busy} onClick={validate}>
              Valider les modifications
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Paper variant="outlined" component="form" noValidate onSubmit={save} sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={3}>
            <Stack component="section" aria-labelledby="titre-publication" spacing={2}>
              <Typography id="titre-publication" variant="h5" component="h2">
                Publication dans l'annuaire
              </Typography>
              <Grid container spacing={2}>
                <PlaceSelect
                  name="statut"
                  label="Statut"
                  value={place.statut}
                  error={errors.statut}
                  options={statuts.map((s) => ({ value: String(s.id), label: s.libelle }))}
                  onChange={(v) => setPlace((x) => ({ ...x, statut: v }))}
                />
                <PlaceSelect
                  name="actif"
                  label="Activé"
                  value={place.actif}
                  error={errors.actif}
                  options={[
                    { value: 'true', label: 'Actif' },
                    { value: 'false', label: 'Inactif' },
                  ]}
                  onChange={(v) => setPlace((x) => ({ ...x, actif: v }))}
                />
                <PlaceSelect
                  name="categorie"
                  label="Catégorie"
                  value={place.categorie}
                  error={errors.categorie}
                  empty="Aucune"
                  options={props.categories.map((c) => ({ value: String(c.id), label: c.libelle }))}
                  onChange={(v) => setPlace((x) => ({ ...x, categorie: v }))}
                />
                <PlaceSelect
                  name="filtre"
                  label="Filtre"
                  value={place.filtre}
                  error={errors.filtre}
                  empty="Aucun"
                  options={props.filtres.map((f) => ({ value: String(f.id), label: `${f.id}. ${f.tag}` }))}
                  onChange={(v) => setPlace((x) => ({ ...x, filtre: v }))}
                />
              </Grid>
              <Preview values={values} />
            </Stack>
            <PartenaireSections form={{ values, errors, onChange }} />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={!!busy}>
                Enregistrer
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function PlaceSelect(props: {
  name: string;
  label: string;
  value: string;
  error?: string;
  empty?: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <TextField
        id={`champ-${props.name}`}
        select
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={!!props.error}
        helperText={props.error ?? ' '}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {props.empty !== undefined && <option value="">{props.empty}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
    </Grid>
  );
}

/** The chip of spec §2 (logo and name) that opens the card as the directory will show it. */
function Preview({ values }: { values: Values }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography>Aperçu dans l'annuaire :</Typography>
      <Chip
        avatar={values.logo ? <Avatar src={logoUrl(values.logo)} alt="" /> : undefined}
        label={values.nom || 'Sans nom'}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        variant="outlined"
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="titre-apercu" maxWidth="xs" fullWidth>
        <DialogTitle id="titre-apercu">Aperçu dans l'annuaire</DialogTitle>
        <DialogContent>
          <PartenaireCard p={values} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Fermer</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
