import {
  HONEYPOT_FIELD,
  type InscriptionField,
  LOGEMENT_FIELDS,
  MESSAGES,
  PROPRIETAIRE_FIELDS,
} from '@guichet/contract';
import { Box, Button, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BannerAlert, useBanner } from '../../components/banner.tsx';
import { Honeypot } from '../../components/honeypot.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError, api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { LogementStep } from './logement-step.tsx';
import { ProprietaireStep } from './proprietaire-step.tsx';
import { RecapStep } from './recap-step.tsx';
import {
  type Errors,
  emptyValues,
  inscriptionBody,
  logementParams,
  proprietaireParams,
  recheck,
  toErrors,
  withChange,
} from './wizard-form.ts';

const STEPS = ['Propriétaire', 'Logement', 'Récapitulatif'] as const;
const CONFIRMATION = STEPS.length;

/** The landlord wizard (spec §2, §4): each step moves on only once the server has accepted it. */
export function WizardPage() {
  usePageTitle('Proposer un logement');
  const [step, setStep] = useState(0);
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const banner = useBanner();
  const [trap, setTrap] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each step starts at the top, and focus goes to its heading so screen readers announce it.
  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const go = (next: number) => {
    moved.current = true;
    banner.clear();
    setStep(next);
  };

  const onChange = (key: InscriptionField, value: string) => {
    const next = withChange(values, key, value);
    setValues(next);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: recheck(key, next[key]) }));
  };

  async function next() {
    setBusy(true);
    try {
      if (step === 0) await api.get('inscription/proprietaire/validate', proprietaireParams(values));
      else await api.get('inscription/logement/validate', logementParams(values));
      setErrors({});
      go(step + 1);
    } catch (err) {
      const found = err instanceof ApiError ? toErrors(err.errors) : {};
      setErrors(found);
      banner.error(err instanceof ApiError && err.errors.length ? MESSAGES.champsObligatoires : messageOf(err));
      focusFirstError(found);
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    setBusy(true);
    try {
      await api.post('inscription/add', { ...inscriptionBody(values), [HONEYPOT_FIELD]: trap });
      go(CONFIRMATION);
    } catch (err) {
      // Data refused by the server (it may have changed its lists): back to the step to correct.
      if (err instanceof ApiError && err.errors.length) {
        setErrors(toErrors(err.errors));
        const housing = err.errors.some((e) => (LOGEMENT_FIELDS as readonly string[]).includes(e.key));
        go(housing ? 1 : 0);
      }
      banner.error(MESSAGES.erreurEnregistrementInscription);
    } finally {
      setBusy(false);
    }
  }

  const restart = () => {
    setValues(emptyValues());
    setErrors({});
    go(0);
  };

  const form = { values, errors, onChange };
  return (
    <Box sx={{ maxWidth: 1024, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Proposer un logement
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Vous louez un logement à des étudiants ? Décrivez-le en trois étapes ; après vérification par nos services, il
        figurera dans la liste des logements privés envoyée aux étudiants. Tous les champs marqués d'un astérisque (*)
        sont obligatoires.
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Étapes de l'inscription">
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {step === CONFIRMATION ? (
          <Stack spacing={2}>
            <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 'none' }}>
              Merci, votre offre de logement est enregistrée
            </Typography>
            <Typography>
              Nos services vont la vérifier. Une fois validée, elle figurera dans la liste des logements privés envoyée
              aux étudiants, qui vous contacteront directement.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" component={RouterLink} to={paths.home}>
                Retour à l'accueil
              </Button>
              <Button variant="outlined" onClick={restart}>
                Proposer un autre logement
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!busy) step < 2 ? next() : submit();
            }}
          >
            <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
              <Box component="span" sx={visuallyHidden}>
                Étape {step + 1} sur {STEPS.length} :{' '}
              </Box>
              {STEPS[step]}
            </Typography>
            <BannerAlert banner={banner.banner} sx={{ mb: 2 }} />
            <Honeypot value={trap} onChange={setTrap} />
            {step === 0 && <ProprietaireStep form={form} />}
            {step === 1 && <LogementStep form={form} />}
            {step === 2 && <RecapStep values={values} />}
            <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
              {step > 0 ? (
                <Button variant="outlined" onClick={() => go(step - 1)} disabled={busy}>
                  Précédent
                </Button>
              ) : (
                <span />
              )}
              {step < 2 ? (
                <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
                  Suivant
                </Button>
              ) : (
                <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
                  Valider
                </Button>
              )}
            </Stack>
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/**
 * The first field to correct gets the focus (after the render that shows its error), so a screen
 * reader reads its label and, through aria-describedby, its error; for a yes/no question, its first radio.
 */
function focusFirstError(errors: Errors) {
  const first = [...PROPRIETAIRE_FIELDS, ...LOGEMENT_FIELDS].find((k) => errors[k]);
  if (!first) return;
  requestAnimationFrame(() => {
    const el = document.getElementById(`champ-${first}`);
    (el?.matches('input, select, textarea') ? el : el?.querySelector<HTMLElement>('input'))?.focus();
  });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : MESSAGES.erreur);

const visuallyHidden = {
  position: 'absolute',
  // Pixels: in sx, 1 would mean 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
