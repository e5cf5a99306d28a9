import { type Categorie, type Filtre, MESSAGES, partenaireAdminUpdateSchema } from '@guichet/contract';
import { Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DraftNotice } from '../../components/draft-notice.tsx';
import { SelectInput, SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { useAdmin } from '../../lib/admin-context.ts';
import { useDraft } from '../../lib/draft.ts';
import { FeedbackSnackbar, type PageFeedback, staffSubmit } from './admin-feedback.tsx';
import { DirectoryPreview } from './directory-preview.tsx';
import { PartenaireSections } from './partenaire-fields.tsx';
import { sameValues, toValues, type Values } from './partenaire-form.ts';
import { type PartenaireDetail, useSavePartenaire } from './partenaires-api.ts';

/** The staff form: the partner's fields and where it is published (status, activation, category, theme). */
const schema = partenaireAdminUpdateSchema.shape.partenaire;
const ACTIF = [
  { value: true, label: 'Actif' },
  { value: false, label: 'Inactif' },
];
const cell = { xs: 12, sm: 6, md: 3 } as const;

export function EditPanel(props: {
  partenaire: PartenaireDetail;
  categories: Categorie[];
  filtres: Filtre[];
  feedback: PageFeedback;
  busy: boolean;
  /** Unsaved changes on the page (the renewal mail waits for them). */
  onDirty: (dirty: boolean) => void;
}) {
  const { partenaire: p, feedback, onDirty } = props;
  const { statuts } = useAdmin();
  const save = useSavePartenaire(p.id);
  const fields = toValues(p);
  const place = { statut: p.idStatut, actif: p.actif, categorie: p.idCategorie, filtre: p.filtre?.id ?? null };
  const form = useContractForm({
    schema,
    defaultValues: { ...fields, ...place } as z.input<typeof schema>,
    // A proposal arriving meanwhile reloads the page (see useSavePartenaire), which says why.
    ...staffSubmit(save.mutateAsync, feedback),
    invalidMessage: MESSAGES.erreurEnregistrement,
  });
  const values = useWatch({ control: form.control }) as Values & typeof place;
  const dirty =
    !sameValues({ ...fields, ...values }, fields) ||
    (Object.keys(place) as (keyof typeof place)[]).some((k) => (values[k] ?? null) !== place[k]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  // Unsaved edits survive a session that ends mid-form (sign in again, back here).
  const draft = useDraft({
    values,
    dirty,
    restore: (kept) => form.methods.reset(kept as z.input<typeof schema>, { keepDefaultValues: true }),
  });

  // Where the partner is published: a list each, the last two may be left empty.
  const publication = [
    {
      name: 'statut',
      label: 'Statut',
      placeholder: null,
      options: statuts.map((s) => ({ value: s.id, label: s.libelle })),
    },
    { name: 'actif', label: 'Activé', placeholder: null, options: ACTIF },
    {
      name: 'categorie',
      label: 'Catégorie',
      placeholder: 'Aucune',
      emptyValue: null,
      options: props.categories.map((c) => ({ value: c.id, label: c.libelle })),
    },
    {
      name: 'filtre',
      label: 'Filtre',
      placeholder: 'Aucun',
      emptyValue: null,
      options: props.filtres.map((f) => ({ value: f.id, label: `${f.id}. ${f.tag}` })),
    },
  ] as const;

  return (
    <Paper variant="outlined" component="form" {...form.formProps} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={3}>
        <DraftNotice draft={draft} onDiscard={() => form.methods.reset()} />
        <Stack component="section" aria-labelledby="titre-publication" spacing={2}>
          <Typography id="titre-publication" variant="h5" component="h2">
            Publication dans l'annuaire
          </Typography>
          <Grid container spacing={2}>
            {publication.map((select) => (
              <Grid key={select.name} size={cell}>
                <SelectInput form={form} {...select} />
              </Grid>
            ))}
          </Grid>
          <DirectoryPreview values={{ ...fields, ...values }} />
        </Stack>
        <PartenaireSections form={form} />
        <Box>
          <SubmitButton form={form} size="large" disabled={props.busy}>
            Enregistrer
          </SubmitButton>
        </Box>
      </Stack>
      <FeedbackSnackbar banner={form.banner.banner} onClose={form.banner.clear} />
    </Paper>
  );
}
