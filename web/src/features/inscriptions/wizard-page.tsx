import type { FieldError } from '@guichet/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { useLeaveGuard } from '../../lib/leave-guard.ts';
import { LIEN_PERDU_ANCRE } from '../../lib/lien-perdu.ts';
import { paths } from '../../lib/paths.ts';
import { LogementStep } from './logement-step.tsx';
import { ProprietaireStep } from './proprietaire-step.tsx';
import { RecapStep } from './recap-step.tsx';
import { STEPS } from './step-form.tsx';
import { StepIndicator } from './step-indicator.tsx';
import type { Checked, Drafts, ProprietaireDraft } from './wizard-form.ts';
import { stepOfErrors } from './wizard-form.ts';
import {
  CONFIRMATION,
  clearSession,
  freshSession,
  readSession,
  searchOfStep,
  stepOfSearch,
  type WizardSession,
  writeSession,
} from './wizard-session.ts';

// Opened by few: its code (and its check's) comes when asked for, not with the wizard's first screen.
const LostLinkForm = lazy(() => import('./lost-link-form.tsx').then((m) => ({ default: m.LostLinkForm })));

/** What a screen of the wizard carries in the browser's history. */
type HistoryState = {
  /** Reached by « Suivant »: « Précédent » is then the browser's Back, and the history stays a straight line. */
  suivant?: boolean;
  /** The confirmation: the address the mail with the personal link went to. */
  envoyee?: string;
};

const QUITTER_ASSISTANT =
  "Votre offre n'est pas encore envoyée. Quitter cette page ? Ce que vous avez saisi reste dans cet onglet jusqu'à sa fermeture.";

/**
 * The landlord wizard (docs/spec/portal-spec.md §2, §4): one form per step, each checked with its contract schema, and
 * moving on only once the server has accepted it; the recap sends the whole offer. Each step has its address
 * (`?etape=`), so the browser's Back and Forward move between steps; what was typed is kept in the tab
 * (wizard-session.ts) as it is typed, until the offer is sent.
 */
export function WizardPage() {
  usePageTitle('Proposer un logement');
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The draft as typed, kept in the tab at each change; not React state: a keystroke redraws its field, not the page.
  const kept = useRef<WizardSession>(undefined as never);
  kept.current ??= readSession() ?? freshSession();
  // What the page shows depends on: the steps accepted, and whether leaving asks first.
  const [checked, setChecked] = useState(kept.current.checked);
  const [touched, setTouched] = useState(kept.current.touched);
  const start = (session: WizardSession) => {
    kept.current = session;
    setChecked(session.checked);
    setTouched(session.touched);
  };
  const keep = (session: WizardSession) => {
    start(session);
    // Once the person has typed something or a step was accepted; the fresh start after sending is not kept.
    if (session.touched || session.checked.proprietaire) writeSession(session);
  };
  // The server's refusal of the whole offer, for the step it sends the person back to.
  const [refusal, setRefusal] = useState<{ step: number; errors: readonly FieldError[] }>();
  // The owner of the offer just sent, for « Proposer un autre logement »: in memory only, the draft is gone.
  const lastOwner = useRef<ProprietaireDraft>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  const state = (location.state ?? {}) as HistoryState;
  const requested = stepOfSearch(search);
  // A step opens once the steps before it were accepted as they stand now.
  const reachable = !checked.proprietaire ? 0 : !checked.logement ? 1 : 2;
  const step = requested === CONFIRMATION && state.envoyee ? CONFIRMATION : Math.min(requested, reachable);

  // An address for a step not reachable yet (typed, or the draft was changed since): the last one that is.
  useEffect(() => {
    if (step !== requested) navigate({ search: searchOfStep(step) }, { replace: true });
  }, [step, requested, navigate]);

  useLeaveGuard(touched && step !== CONFIRMATION, QUITTER_ASSISTANT);

  // Sent: the draft is gone from the tab (here, not as the offer is sent: the page shows the recap until the
  // confirmation's address is there, and an empty draft meanwhile would send it back to the first step).
  useEffect(() => {
    if (step !== CONFIRMATION) return;
    clearSession();
    start(freshSession());
  }, [step]);

  // Each step starts at the top, and focus goes to its heading so screen readers announce it.
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const go = (next: number) => {
    setRefusal(undefined);
    navigate({ search: searchOfStep(next) }, { state: { suivant: true } satisfies HistoryState });
  };
  const back = (previous: number) => {
    setRefusal(undefined);
    if (state.suivant) navigate(-1);
    else navigate({ search: searchOfStep(previous) }, { replace: true });
  };

  /** What a step gets: its draft, the refusal, the heading; kept as typed; once accepted, kept as checked, then the next step. */
  const stepProps = <K extends keyof Drafts>(key: K, at: number) => ({
    draft: kept.current.drafts[key],
    refusal: refusal?.step === at ? refusal.errors : undefined,
    heading,
    onDraft: (draft: Drafts[K]) => {
      const s = kept.current;
      if (JSON.stringify(draft) === JSON.stringify(s.drafts[key])) return;
      // Changed: the step must be checked again before the next one opens.
      // The same `checked` while nothing was accepted: the page is not redrawn at each keystroke.
      const checked = s.checked[key] ? { ...s.checked, [key]: undefined } : s.checked;
      keep({ drafts: { ...s.drafts, [key]: draft }, checked, touched: true });
    },
    onChecked: (draft: Drafts[K], values: NonNullable<Checked[K]>) => {
      const s = kept.current;
      keep({ ...s, drafts: { ...s.drafts, [key]: draft }, checked: { ...s.checked, [key]: values } });
      go(at + 1);
    },
  });

  const sent = () => {
    lastOwner.current = kept.current.drafts.proprietaire;
    navigate(
      { search: searchOfStep(CONFIRMATION) },
      { replace: true, state: { envoyee: checked.proprietaire?.email } satisfies HistoryState },
    );
  };

  /** Another offer by the same owner: the owner's fields as typed, the housing's empty. */
  const restart = () => {
    start(freshSession(lastOwner.current));
    navigate({ search: searchOfStep(0) }, { replace: true });
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
        {step === 0 && <ProprietaireStep {...stepProps('proprietaire', 0)} />}
        {step === 1 && <LogementStep {...stepProps('logement', 1)} onBack={() => back(0)} />}
        {step === 2 && checked.proprietaire && checked.logement && (
          <RecapStep
            proprietaire={checked.proprietaire}
            logement={checked.logement}
            heading={heading}
            onBack={() => back(1)}
            onSaved={sent}
            onRefused={(errors) => {
              const at = stepOfErrors(errors.map((e) => e.key));
              setRefusal({ step: at, errors });
              navigate({ search: searchOfStep(at) }, { replace: true });
            }}
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
            <Typography>
              Un courriel avec votre lien personnel pour gérer votre offre va vous être envoyé à{' '}
              <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
                {state.envoyee}
              </Box>
              . Gardez-le : ce lien vous permet de consulter votre offre, de confirmer qu'elle est toujours disponible
              ou de la retirer.
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

/**
 * A landlord who already has an offer asks for the personal link again, without leaving the page;
 * opened at once when the address names it (`#lien-perdu`, the home page's entry).
 */
function LostLinkEntry() {
  const { hash } = useLocation();
  const asked = hash === `#${LIEN_PERDU_ANCRE}`;
  const [open, setOpen] = useState(asked);
  const toggle = useRef<HTMLButtonElement>(null);
  // Come for this form: it is in view, and the focus on its button (« développé ») before it.
  useEffect(() => {
    if (!asked) return;
    setOpen(true);
    toggle.current?.scrollIntoView({ block: 'start' });
    toggle.current?.focus();
  }, [asked]);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" component="p">
        Vous avez déjà déposé une offre ?{' '}
        <Button
          ref={toggle}
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? LIEN_PERDU_ANCRE : undefined}
          sx={{ verticalAlign: 'baseline', p: 0, minWidth: 0, textTransform: 'none', textDecoration: 'underline' }}
        >
          Recevoir à nouveau mon lien
        </Button>
      </Typography>
      {open && (
        <Paper id={LIEN_PERDU_ANCRE} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 1 }}>
          <Suspense fallback={<Typography role="status">Chargement…</Typography>}>
            <LostLinkForm />
          </Suspense>
        </Paper>
      )}
    </Box>
  );
}
