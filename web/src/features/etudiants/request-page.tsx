import { ECOLES, type EtudiantRequest, HONEYPOT_FIELD, MESSAGES } from '@guichet/contract';
import { Box, Button, Grid, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BannerAlert, useBanner } from '../../components/banner.tsx';
import { Confirmation } from '../../components/confirmation.tsx';
import { Honeypot } from '../../components/honeypot.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError, api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';

type Field = 'email' | 'cp' | 'ville' | 'ecole';
const FIELDS: Field[] = ['email', 'cp', 'ville', 'ecole'];
const empty: Record<Field, string> = { email: '', cp: '', ville: '', ecole: '' };

/** /demande/etudiant: a student asks for the housing list (spec §2); the server checks every field. */
export function RequestPage() {
  usePageTitle('Demander la liste des logements');
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const banner = useBanner();
  const [sending, setSending] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [trap, setTrap] = useState('');

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: key === 'ville' ? value.toLocaleUpperCase('fr-FR') : value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    banner.clear();
    try {
      const body: EtudiantRequest = { ...values, ecole: values.ecole as EtudiantRequest['ecole'] };
      const res = await api.post<{ message: string }>('etudiant/add', { ...body, [HONEYPOT_FIELD]: trap });
      setConfirmation(res.message);
    } catch (err) {
      const fieldErrors =
        err instanceof ApiError ? Object.fromEntries(FIELDS.map((f) => [f, err.field(f)]).filter(([, v]) => v)) : {};
      setErrors(fieldErrors);
      // A refusal of the input says so; anything else (too many requests, no network) gives the server's reason.
      banner.error(err instanceof ApiError && err.status !== 400 ? err.message : MESSAGES.remplirTousLesChamps);
      const first = FIELDS.find((f) => fieldErrors[f]);
      if (first) document.getElementById(`champ-${first}`)?.focus();
    } finally {
      setSending(false);
    }
  }

  if (confirmation) {
    return (
      <Confirmation title="Demande enregistrée" message={confirmation}>
        <Typography>Pensez à vérifier votre dossier de courriers indésirables si vous ne recevez rien.</Typography>
      </Confirmation>
    );
  }

  const field = (key: Field) => ({
    id: `champ-${key}`,
    name: key,
    required: true,
    value: values[key],
    error: !!errors[key],
    helperText: errors[key] ?? ' ',
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Demander la liste des logements
      </Typography>
      <Typography>
        Recevez par courriel la liste des logements proposés aux étudiants par des propriétaires privés. Votre demande
        est examinée par le guichet : la liste vous est envoyée dès qu'elle est validée.
      </Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={1}>
          <Typography color="text.secondary">Tous les champs sont obligatoires.</Typography>
          <BannerAlert banner={banner.banner} />
          <TextField
            {...field('email')}
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            onChange={(e) => set('email', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 180 } }}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                {...field('cp')}
                label="Code postal"
                autoComplete="postal-code"
                onChange={(e) => set('cp', e.target.value)}
                slotProps={{ htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                {...field('ville')}
                label="Ville"
                autoComplete="address-level2"
                onChange={(e) => set('ville', e.target.value)}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </Grid>
          </Grid>
          <TextField
            {...field('ecole')}
            label="École envisagée"
            select
            onChange={(e) => set('ecole', e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choisir…</option>
            {ECOLES.map((ecole) => (
              <option key={ecole} value={ecole}>
                {ecole}
              </option>
            ))}
          </TextField>
          <Honeypot value={trap} onChange={setTrap} />
          <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
            Vos données (adresse e-mail, code postal, ville et école envisagée) servent à traiter votre demande et à
            vous envoyer la liste des logements ; seuls les agents du guichet y ont accès. Pour en savoir plus et
            exercer vos droits :{' '}
            <Link component={RouterLink} to={paths.donneesPersonnelles}>
              données personnelles
            </Link>
            .
          </Typography>
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={sending}>
              Valider la demande
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
