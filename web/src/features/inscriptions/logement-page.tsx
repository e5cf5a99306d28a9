import { LIEN_INVALIDE, MESSAGES, STATUT } from '@guichet/contract';
import { Alert, Box, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { type Banner, BannerAlert } from '../../components/banner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { FactList, logementFacts, proprietaireFacts } from './inscription-facts.tsx';
import { LogementActions, refusalText } from './logement-actions.tsx';
import { type LogementSelf, logementSelfQuery } from './logement-api.ts';
import { LogementModification } from './logement-modification.tsx';
import { LogementStatus } from './logement-status.tsx';
import { LostLinkForm } from './lost-link-form.tsx';

/**
 * /logement/:token: the landlord's personal page (issue 17), without an account: the offer, its
 * status and dates, and what the landlord may do. A mail's button opens it with `?reponse=…`: the
 * page points at that action and waits for the click (mail scanners follow links).
 */
export function LogementPage() {
  usePageTitle('Mon offre de logement');
  const { token = '' } = useParams();
  const query = useQuery(logementSelfQuery(token));
  const queryClient = useQueryClient();
  // The last action's result stays until closed: the page changes under it (an archived offer loses its buttons).
  const [result, setResult] = useState<Banner | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  // « Modifier mon offre »: the form in place of the description; `back` when it closed without saving.
  const [editing, setEditing] = useState<'open' | 'back' | null>(null);
  const showResult = (banner: Banner) => {
    setEditing(null);
    setResult(banner);
    void queryClient.invalidateQueries({ queryKey: logementSelfQuery(token).queryKey });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1024 }}>
      <Typography variant="h4" component="h1">
        Mon offre de logement
      </Typography>
      <BannerAlert ref={resultRef} banner={result} onClose={() => setResult(null)} />
      {query.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <CircularProgress aria-label="Chargement de votre offre" />
        </Box>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status < 500 && query.error.status !== 429 ? (
          <InvalidLink />
        ) : (
          <Alert severity="error" role="alert">
            {query.error.message || MESSAGES.erreur}
          </Alert>
        )
      ) : (
        <>
          <LogementStatus offer={query.data} />
          {editing === 'open' ? (
            <LogementModification
              token={token}
              offer={query.data}
              onDone={(text) => showResult({ severity: 'success', text })}
              onStale={(err) => showResult({ severity: 'error', text: refusalText(err) })}
              onCancel={() => setEditing('back')}
            />
          ) : (
            <>
              {(query.data.idStatut !== STATUT.archive || query.data.remiseEnLigne) && (
                <LogementActions
                  token={token}
                  offer={query.data}
                  onResult={showResult}
                  onEdit={
                    query.data.idStatut !== STATUT.archive
                      ? () => {
                          setResult(null);
                          setEditing('open');
                        }
                      : undefined
                  }
                  focusEdit={editing === 'back'}
                />
              )}
              <OfferFacts offer={query.data} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** The offer as listed: its owner and its housing. */
function OfferFacts({ offer }: { offer: LogementSelf }) {
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="titre-proprietaire" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="titre-proprietaire" variant="h6" component="h2" sx={{ mb: 2 }}>
          Propriétaire
        </Typography>
        <FactList facts={proprietaireFacts(offer.proprietaire)} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="titre-logement" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="titre-logement" variant="h6" component="h2" sx={{ mb: 2 }}>
          Logement
        </Typography>
        <FactList facts={logementFacts(offer.logement)} />
      </Paper>
    </>
  );
}

/** An unknown, mistyped or expired link: say so, and offer a new one at once. */
function InvalidLink() {
  return (
    <>
      <Alert severity="error" role="alert">
        {LIEN_INVALIDE}
      </Alert>
      <Typography>
        Les liens personnels expirent après 180 jours ; chaque courriel que nous vous envoyons en contient un nouveau.
        Vous pouvez aussi en recevoir un tout de suite ci-dessous, ou{' '}
        <Link component={RouterLink} to={paths.inscriptionProprietaire}>
          proposer un nouveau logement
        </Link>
        .
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <LostLinkForm />
      </Paper>
    </>
  );
}
