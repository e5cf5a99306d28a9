import {
  HONEYPOT_FIELD,
  MESSAGES,
  PARTENAIRE_TYPES,
  type PartenaireType,
  partenaireAddSchema,
} from '@guichet/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BannerAlert, useBanner } from '../../components/banner.tsx';
import { Confirmation } from '../../components/confirmation.tsx';
import { Honeypot } from '../../components/honeypot.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError, api } from '../../lib/api.ts';
import { PartenaireDataNotice } from './data-notice.tsx';
import { PartenaireSections } from './partenaire-fields.tsx';
import { check, type Errors, emptyValues, type FieldKey, focusFirstError, serverErrors } from './partenaire-form.ts';

/** /inscription/partenaire (spec §2): `?desk=logement` registers a housing-desk partner (decisions §2). */
export function RegisterPage() {
  usePageTitle('Devenir partenaire');
  const [search] = useSearchParams();
  const desk = search.get('desk');
  const typePartenaire: PartenaireType = PARTENAIRE_TYPES.includes(desk as PartenaireType)
    ? (desk as PartenaireType)
    : 'guichet';
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const banner = useBanner();
  const [sending, setSending] = useState(false);
  const [trap, setTrap] = useState('');
  const [confirmation, setConfirmation] = useState<string | null>(null);

  const onChange = (key: FieldKey, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    banner.clear();
    const body = { ...values, typePartenaire };
    const local = check(partenaireAddSchema, body);
    if (Object.keys(local).length) {
      setErrors(local);
      banner.error(MESSAGES.remplirTousLesChamps);
      focusFirstError(local);
      return;
    }
    setSending(true);
    try {
      const res = await api.post<{ message: string }>('partenaire/add', { ...body, [HONEYPOT_FIELD]: trap });
      setConfirmation(res.message);
    } catch (err) {
      const fromServer = serverErrors(err);
      setErrors(fromServer);
      // A refusal of the input says so; anything else (too many requests, no network) gives the reason.
      banner.error(err instanceof ApiError && err.status !== 400 ? err.message : MESSAGES.remplirTousLesChamps);
      focusFirstError(fromServer);
    } finally {
      setSending(false);
    }
  }

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
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={2}>
          <Typography color="text.secondary">Tous les champs sont obligatoires.</Typography>
          <BannerAlert banner={banner.banner} />
          <PartenaireSections form={{ values, errors, onChange }} />
          <Honeypot value={trap} onChange={setTrap} />
          <PartenaireDataNotice />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={sending}>
              {sending ? 'Envoi en cours…' : "Valider l'inscription"}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
