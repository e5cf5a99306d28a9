import { logoUrl, MESSAGES, partenaireFieldsSchema } from '@guichet/contract';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BannerAlert, useBanner } from '../../components/banner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError, api } from '../../lib/api.ts';
import { PartenaireDataNotice } from './data-notice.tsx';
import { LogoField } from './logo-field.tsx';
import { OtherFields, PartenaireInput } from './partenaire-fields.tsx';
import {
  check,
  type Errors,
  type FieldKey,
  focusFirstError,
  type PartenaireSelfView,
  sameValues,
  serverErrors,
  toValues,
  type Values,
} from './partenaire-form.ts';

/** /update/partenaire/:token: the yearly check of a partner through its personal link (spec §2, decisions §4). */
export function SelfUpdatePage() {
  usePageTitle('Mettre à jour mes informations');
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['partenaire/get/one/by', token],
    queryFn: () => api.get<{ partenaire: PartenaireSelfView }>(`partenaire/get/one/by/${encodeURIComponent(token)}`),
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 1,
    staleTime: Infinity,
  });

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
        <Alert severity="error" role="alert">
          {query.error instanceof ApiError && query.error.status < 500
            ? MESSAGES.partenaireIntrouvableToken
            : query.error.message}
        </Alert>
      ) : (
        <SelfUpdateForm token={token} partenaire={query.data.partenaire} />
      )}
    </Stack>
  );
}

function SelfUpdateForm({ token, partenaire }: { token: string; partenaire: PartenaireSelfView }) {
  const initial = toValues(partenaire);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const banner = useBanner();
  const [sending, setSending] = useState<'confirm' | 'update' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const changed = !sameValues(values, initial);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onChange = (key: FieldKey, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function confirm() {
    banner.clear();
    setSending('confirm');
    try {
      const res = await api.post<{ message: string }>(`partenaire/valid/infos/${partenaire.id}`, { token });
      setDone(res.message);
    } catch (err) {
      banner.error(
        err instanceof ApiError && err.status === 404 ? MESSAGES.partenaireIntrouvableToken : MESSAGES.erreur,
      );
    } finally {
      setSending(null);
    }
  }

  async function update(e: FormEvent) {
    e.preventDefault();
    banner.clear();
    const local = check(partenaireFieldsSchema, values);
    if (Object.keys(local).length) {
      setErrors(local);
      banner.error(MESSAGES.remplirTousLesChamps);
      focusFirstError(local);
      return;
    }
    setSending('update');
    try {
      const res = await api.post<{ message: string }>(`partenaire/update/${partenaire.id}`, { ...values, token });
      setDone(res.message);
    } catch (err) {
      const fromServer = serverErrors(err);
      setErrors(fromServer);
      banner.error(
        err instanceof ApiError && err.status === 404
          ? MESSAGES.partenaireIntrouvableToken
          : err instanceof ApiError && err.status !== 400
            ? err.message
            : MESSAGES.remplirTousLesChamps,
      );
      focusFirstError(fromServer);
    } finally {
      setSending(null);
    }
  }

  if (done) {
    return (
      <Alert severity="success" role="status" ref={doneRef} tabIndex={-1}>
        {done}
      </Alert>
    );
  }

  const form = { values, errors, onChange };
  return (
    <>
      <Typography>
        Vérifiez les informations de « {partenaire.nom} » publiées dans l'annuaire des partenaires. Si elles sont
        exactes, confirmez-les ; sinon, modifiez-les : le guichet vérifiera vos modifications avant de les publier. Ce
        lien ne sert qu'une fois.
      </Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={update} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={3}>
          <BannerAlert banner={banner.banner} />
          <Stack component="section" aria-labelledby="section-site" spacing={2}>
            <Typography id="section-site" variant="h5" component="h2">
              Informations qui apparaîtront sur le site
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
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
                    src={logoUrl(partenaire.logo)}
                    alt={`Logo actuel de ${partenaire.nom}`}
                    style={{ maxWidth: '100%', maxHeight: 100, objectFit: 'contain' }}
                  />
                </Box>
              </Box>
              <Box sx={{ flex: 1 }}>
                <LogoField
                  id="champ-logo"
                  required={false}
                  label="Nouveau logo (facultatif)"
                  value={values.logo === partenaire.logo ? '' : values.logo}
                  nom={values.nom}
                  error={errors.logo}
                  buttonLabel={values.logo === partenaire.logo ? 'Changer le logo' : 'Choisir un autre logo'}
                  onChange={(file) => onChange('logo', file)}
                />
                {values.logo !== partenaire.logo && (
                  <Button size="small" onClick={() => onChange('logo', partenaire.logo)}>
                    Garder le logo actuel
                  </Button>
                )}
              </Box>
            </Stack>
            <PartenaireInput form={form} name="nom" />
            <PartenaireInput form={form} name="lien" />
            <PartenaireInput form={form} name="lienOffres" />
            <PartenaireInput form={form} name="presentation" multiline />
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
                onClick={confirm}
                disabled={!!sending || changed}
                aria-describedby="aide-validation"
              >
                Valider mes informations sans les modifier
              </Button>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!!sending || !changed}
                aria-describedby="aide-validation"
              >
                Valider les modifications
              </Button>
              {changed && (
                <Button onClick={() => setValues(initial)} disabled={!!sending}>
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
