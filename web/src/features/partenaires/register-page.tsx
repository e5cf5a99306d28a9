import type { PartenaireFieldsInput } from '@guichet/contract';
// The form's first screen goes without zod: labels, limits and lists from the contract's zod-free entry.
import { MESSAGES, PARTENAIRE_TYPES, type PartenaireType } from '@guichet/contract/forms';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Confirmation } from '../../components/confirmation.tsx';
import { FormBanner, SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { Honeypot } from '../../components/honeypot.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PartenaireDataNotice } from './data-notice.tsx';
import { PartenaireSections } from './partenaire-fields.tsx';
import { emptyValues, partenaireRefusal } from './partenaire-form.ts';
import { addPartenaire, loadPartenaireSchema } from './register-api.ts';

/** /inscription/partenaire (docs/spec/portal-spec.md §2): `?desk=logement` registers a housing-desk partner (docs/spec/decisions.md §2). */
export function RegisterPage() {
  usePageTitle('Devenir partenaire');
  const [search] = useSearchParams();
  const desk = search.get('desk');
  const typePartenaire: PartenaireType = PARTENAIRE_TYPES.includes(desk as PartenaireType)
    ? (desk as PartenaireType)
    : 'guichet';
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const form = useContractForm({
    // Loaded as soon as the form is on the page; a press before it is there waits for it.
    schema: loadPartenaireSchema,
    defaultValues: emptyValues() as PartenaireFieldsInput,
    submit: (fields) => addPartenaire({ ...fields, typePartenaire }),
    onSuccess: (res) => setConfirmation(res.message ?? MESSAGES.enregistrementReussi),
    // A refusal of the input says so; anything else (too many requests, no network) gives the reason.
    invalidMessage: partenaireRefusal,
    honeypot: true,
  });

  if (confirmation) return <Confirmation title="Inscription enregistrée" message={confirmation} />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1024 }}>
      <Typography variant="h4" component="h1">
        Devenir partenaire{typePartenaire === 'logement' ? ' du guichet logement' : ''}
      </Typography>
      <Typography>
        Votre organisme propose des services aux étudiants ? Inscrivez-le : après vérification par le guichet, il
        apparaîtra dans l'annuaire des partenaires. Chaque année, un lien personnel vous sera envoyé pour confirmer ou
        mettre à jour vos informations.
      </Typography>
      <Paper variant="outlined" component="form" {...form.formProps} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={2}>
          <Typography color="text.secondary">Tous les champs sont obligatoires.</Typography>
          <FormBanner form={form} />
          <PartenaireSections form={form} />
          <Honeypot {...form.honeypot} />
          <PartenaireDataNotice />
          <Box>
            <SubmitButton form={form} size="large" busyLabel="Envoi en cours…">
              Valider l'inscription
            </SubmitButton>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
