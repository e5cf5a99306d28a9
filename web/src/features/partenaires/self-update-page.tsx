import { MESSAGES, type PartenaireFieldsInput, partenaireFieldsSchema } from '@guichet/contract';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { FormBanner, SubmitButton } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError } from '../../lib/api.ts';
import { PartenaireDataNotice } from './data-notice.tsx';
import { DeadLink } from './dead-link.tsx';
import { logoSrc } from './logo-address.ts';
import { OtherFields, PartenaireInput, PartenaireLogo } from './partenaire-fields.tsx';
import { partenaireRefusal, sameValues, toValues, type Values } from './partenaire-form.ts';
import { confirmInfos, type PartenaireSelf, proposeChanges, selfViewQuery } from './partenaires-api.ts';

/** /update/partenaire/:token: the yearly check of a partner through its personal link (docs/spec/portal-spec.md §2, docs/spec/decisions.md §4). */
export function SelfUpdatePage() {
  usePageTitle('Mettre à jour mes informations');
  const { token = '' } = useParams();
  const query = useQuery(selfViewQuery(token));

  return (
    <Stack spacing={3} sx={{ maxWidth: 1024 }}>
      <Typography variant="h4" component="h1">
        Mettre à jour mes informations
      </Typography>
      {query.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <CircularProgress aria-label="Chargement de vos informations" />
        </Box>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status < 500 ? (
          <DeadLink />
        ) : (
          <Alert severity="error" role="alert">
            {query.error.message}
          </Alert>
        )
      ) : (
        <SelfUpdateForm token={token} partenaire={query.data.partenaire} />
      )}
    </Stack>
  );
}

/** A used or expired link says so; any other failure of the confirmation, the generic message. */
const confirmRefusal = (err: unknown) =>
  err instanceof ApiError && err.status === 404 ? MESSAGES.partenaireIntrouvableToken : MESSAGES.erreur;

function SelfUpdateForm({ token, partenaire }: { token: string; partenaire: PartenaireSelf }) {
  const initial = toValues(partenaire);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const form = useContractForm({
    schema: partenaireFieldsSchema,
    defaultValues: initial as PartenaireFieldsInput,
    // A used or expired link: the server's 404 says so (MESSAGES.partenaireIntrouvableToken).
    submit: (fields) => proposeChanges(partenaire.id, { ...fields, token }),
    onSuccess: (res) => setDone(res.message ?? MESSAGES.enregistrementReussi),
    invalidMessage: partenaireRefusal,
  });
  const confirm = useMutation({
    mutationFn: () => confirmInfos(partenaire.id, token),
    onMutate: () => form.banner.clear(),
    onSuccess: (res) => setDone(res.message ?? MESSAGES.enregistrementReussi),
    onError: (err) => form.banner.error(confirmRefusal(err)),
  });
  const values = useWatch({ control: form.control }) as Values;
  const changed = !sameValues({ ...initial, ...values }, initial);
  const sending = form.busy || confirm.isPending;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <Alert severity="success" role="status" ref={doneRef} tabIndex={-1}>
        {done}
      </Alert>
    );
  }

  return (
    <>
      <Typography>
        Vérifiez les informations de « {partenaire.nom} » destinées à l'annuaire des partenaires. Si elles sont exactes,
        confirmez-les ; sinon, modifiez-les : le guichet vérifiera vos modifications avant de les publier. Ce lien ne
        sert qu'une fois.
      </Typography>
      <Paper variant="outlined" component="form" {...form.formProps} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={3}>
          <FormBanner form={form} />
          <Stack component="section" aria-labelledby="section-site" spacing={2}>
            <Typography id="section-site" variant="h5" component="h2">
              Informations qui apparaîtront sur le site
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
              <CurrentLogo partenaire={partenaire} />
              <Box sx={{ flex: 1 }}>
                <PartenaireLogo form={form} label="Nouveau logo (facultatif)" keep={partenaire.logo} />
                {values.logo !== partenaire.logo && (
                  <Button size="small" onClick={() => form.methods.setValue('logo', partenaire.logo)}>
                    Garder le logo actuel
                  </Button>
                )}
              </Box>
            </Stack>
            <PartenaireInput form={form} name="nom" />
            <PartenaireInput form={form} name="lien" />
            <PartenaireInput form={form} name="lienOffres" />
            <PartenaireInput form={form} name="presentation" />
          </Stack>
          <Stack component="section" aria-labelledby="section-autres" spacing={2}>
            <Typography id="section-autres" variant="h5" component="h2">
              Autres informations
            </Typography>
            <OtherFields form={form} />
          </Stack>
          <PartenaireDataNotice />
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                variant="outlined"
                size="large"
                onClick={() => confirm.mutate()}
                disabled={sending || changed}
                aria-describedby="aide-validation"
              >
                Valider mes informations sans les modifier
              </Button>
              <SubmitButton form={form} size="large" disabled={sending || !changed} aria-describedby="aide-validation">
                Valider les modifications
              </SubmitButton>
              {changed && (
                <Button onClick={() => form.methods.reset()} disabled={sending}>
                  Annuler mes modifications
                </Button>
              )}
            </Stack>
            <Typography id="aide-validation" variant="body2" color="text.secondary">
              {changed
                ? 'Vos modifications seront vérifiées par le guichet avant leur publication.'
                : 'Modifiez au moins une information pour pouvoir valider des modifications.'}
            </Typography>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}

function CurrentLogo({ partenaire }: { partenaire: PartenaireSelf }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>Logo actuel</Typography>
      <Box
        sx={{
          width: 160,
          height: 100,
          border: '1px solid',
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <img
          src={logoSrc(partenaire.logo)}
          alt={`Logo actuel de ${partenaire.nom}`}
          style={{ maxWidth: '100%', maxHeight: 100, objectFit: 'contain' }}
        />
      </Box>
    </Box>
  );
}
