// The form's first screen goes without zod: labels, limits and lists from the contract's zod-free entry.
import {
  CP_FRANCE_LENGTH,
  ECOLES,
  ETUDIANT_LABELS as L,
  ETUDIANT_MAX as MAX,
  PAYS_FRANCE,
} from '@guichet/contract/forms';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Confirmation } from '../../components/confirmation.tsx';
import { FormBanner, SelectInput, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { refusalBanner } from '../../components/form/refusal-banner.ts';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { Honeypot } from '../../components/honeypot.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { paths } from '../../lib/paths.ts';
import { PaysInput } from './pays-input.tsx';
import { loadEtudiantRequestSchema, sendEtudiantRequest } from './request-api.ts';

const upper = (v: string) => v.toLocaleUpperCase('fr-FR');

/** /demande/etudiant: a student asks for the housing list (docs/spec/portal-spec.md §2); the server checks every field again. */
export function RequestPage() {
  usePageTitle('Demander la liste des logements');
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const form = useContractForm({
    // Loaded as soon as the form is on the page; a press before it is there waits for it.
    schema: loadEtudiantRequestSchema,
    // No school until one is chosen: the select shows « Choisir… ».
    defaultValues: { email: '', pays: PAYS_FRANCE, cp: '', ville: '' },
    submit: sendEtudiantRequest,
    onSuccess: (res) => setConfirmation(res.message),
    // A refusal of the input names its problem (the spec's sentence when a field is empty); anything
    // else (too many requests, no network) gives the server's reason.
    invalidMessage: refusalBanner(L),
    honeypot: true,
  });

  // A French postal code is five digits, required; abroad it may be longer, or absent.
  const enFrance = form.methods.watch('pays') === PAYS_FRANCE;

  if (confirmation) {
    return (
      <Confirmation title="Demande enregistrée" message={confirmation}>
        <Typography>Pensez à vérifier votre dossier de courriers indésirables si vous ne recevez rien.</Typography>
      </Confirmation>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Demander la liste des logements
      </Typography>
      <Typography>
        Recevez par courriel la liste des logements proposés aux étudiants par des propriétaires privés. Votre demande
        est examinée par le guichet : la liste vous est envoyée dès qu'elle est validée.
      </Typography>
      <Paper variant="outlined" component="form" {...form.formProps} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={1}>
          <Typography color="text.secondary">Les champs marqués d’un astérisque (*) sont obligatoires.</Typography>
          <FormBanner form={form} />
          <TextInput
            form={form}
            name="email"
            label={L.email}
            required
            type="email"
            autoComplete="email"
            maxLength={MAX.email}
          />
          <PaysInput form={form} name="pays" label={L.pays} required />
          {/* A CSS grid, as MUI's Grid lays them out (a third, two thirds; stacked on a phone), without its code. */}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
              gap: 2,
            }}
          >
            <Box>
              <TextInput
                form={form}
                name="cp"
                label={L.cp}
                required={enFrance}
                autoComplete="postal-code"
                maxLength={enFrance ? CP_FRANCE_LENGTH : MAX.cp}
                inputMode={enFrance ? 'numeric' : 'text'}
              />
            </Box>
            <Box>
              <TextInput
                form={form}
                name="ville"
                label={L.ville}
                required
                autoComplete="address-level2"
                maxLength={MAX.ville}
                shape={upper}
              />
            </Box>
          </Box>
          <SelectInput form={form} name="ecole" label={L.ecole} required options={ECOLES} />
          <Honeypot {...form.honeypot} />
          <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
            Vos données (adresse de courriel, pays, code postal, ville et école envisagée) servent à traiter votre
            demande et à vous envoyer la liste des logements ; seuls les agents du guichet y ont accès. Pour en savoir
            plus et exercer vos droits :{' '}
            <Link component={RouterLink} to={paths.donneesPersonnelles}>
              données personnelles
            </Link>
            .
          </Typography>
          <Box>
            <SubmitButton form={form} size="large">
              Valider la demande
            </SubmitButton>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
