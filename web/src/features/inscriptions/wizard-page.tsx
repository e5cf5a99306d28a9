import type { FieldError } from '@guichet/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { paths } from '../../lib/paths.ts';
import { LogementStep } from './logement-step.tsx';
import { ProprietaireStep } from './proprietaire-step.tsx';
import { RecapStep } from './recap-step.tsx';
import { STEPS } from './step-form.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { type Checked, type Drafts, emptyDrafts, stepOfErrors } from './wizard-form.ts';

const CONFIRMATION = STEPS.length;
// Opened by few: its code (and its check's) comes when asked for, not with the wizard's first screen.
const LostLinkForm = lazy(() => import('./lost-link-form.tsx').then((m) => ({ default: m.LostLinkForm })));

/**
 * The landlord wizard (docs/spec/portal-spec.md §2, §4): one form per step, each checked with its contract schema, and
 * moving on only once the server has accepted it; the recap sends the whole offer.
 */
export function WizardPage() {
  usePageTitle('Proposer un logement');
  const [step, setStep] = useState(0);
  const [drafts, setDrafts] = useState(emptyDrafts);
  const [checked, setChecked] = useState<Checked>({});
  // The server's refusal of the whole offer, for the step it sends the person back to.
  const [refusal, setRefusal] = useState<readonly FieldError[]>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each step starts at the top, and focus goes to its heading so screen readers announce it.
  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const go = (next: number, refused?: readonly FieldError[]) => {
    moved.current = true;
    setRefusal(refused);
    setStep(next);
  };

  /** What a step gets: its draft, the refusal, the heading; once accepted, kept as typed and as checked, then `next`. */
  const stepProps = <K extends keyof Drafts>(key: K, next: number) => ({
    draft: drafts[key],
    refusal,
    heading,
    onChecked: (draft: Drafts[K], values: NonNullable<Checked[K]>) => {
      setDrafts((d) => ({ ...d, [key]: draft }));
      setChecked((c) => ({ ...c, [key]: values }));
      go(next);
    },
  });

  const restart = () => {
    setDrafts(emptyDrafts());
    setChecked({});
    go(0);
  };

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
      <LostLinkEntry />
      <StepIndicator steps={STEPS} current={step} label="Étapes de l'inscription" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {step === 0 && <ProprietaireStep {...stepProps('proprietaire', 1)} />}
        {step === 1 && (
          <LogementStep
            {...stepProps('logement', 2)}
            onBack={(logement) => {
              setDrafts((d) => ({ ...d, logement }));
              go(0);
            }}
          />
        )}
        {step === 2 && checked.proprietaire && checked.logement && (
          <RecapStep
            proprietaire={checked.proprietaire}
            logement={checked.logement}
            heading={heading}
            onBack={() => go(1)}
            onSaved={() => go(CONFIRMATION)}
            onRefused={(errors) => go(stepOfErrors(errors.map((e) => e.key)), errors)}
          />
        )}
        {step === CONFIRMATION && (
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
        )}
      </Paper>
    </Box>
  );
}

/** Issue 17: a landlord who already has an offer asks for the personal link again, without leaving the page. */
function LostLinkEntry() {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" component="p">
        Vous avez déjà déposé une offre ?{' '}
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? 'lien-perdu' : undefined}
          sx={{ verticalAlign: 'baseline', p: 0, minWidth: 0, textTransform: 'none', textDecoration: 'underline' }}
        >
          Recevoir à nouveau mon lien
        </Button>
      </Typography>
      {open && (
        <Paper id="lien-perdu" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 1 }}>
          <Suspense fallback={<Typography role="status">Chargement…</Typography>}>
            <LostLinkForm />
          </Suspense>
        </Paper>
      )}
    </Box>
  );
}
