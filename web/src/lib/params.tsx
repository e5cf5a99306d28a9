import { type Params, referenceEndpoints } from '@guichet/contract';
import { Box, Button, Typography } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { call } from './api.ts';

const ParamsContext = createContext<Params | null>(null);

/** The site's general parameters; available everywhere below <ParamsGate>. */
export function useSiteParams(): Params {
  const p = useContext(ParamsContext);
  if (!p) throw new Error('useSiteParams hors de <ParamsGate>');
  return p;
}

/**
 * The application waits for the general parameters before showing any route (docs/spec/portal-spec.md §2). A plain
 * fetch: the query library stays out of the first load of public pages.
 */
export function ParamsGate({ children }: { children: ReactNode }) {
  const [params, setParams] = useState<Params | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    call(referenceEndpoints.params).then(setParams, () => setFailed(true));
  }, []);
  useEffect(load, []);

  if (failed) {
    return (
      // A page of its own (main landmark, level-one heading), as axe asks of every state.
      <Box component="main" sx={{ maxWidth: 600, mx: 'auto', mt: 8, px: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Portail indisponible
        </Typography>
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          Le portail n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.
        </Typography>
        <Button variant="outlined" onClick={load}>
          Réessayer
        </Button>
      </Box>
    );
  }
  if (!params) {
    return (
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        {/* Text, not a spinner: it says what happens and keeps the first download small. */}
        <Box role="status">
          <Typography variant="body1" component="h1" color="text.secondary">
            Chargement du portail…
          </Typography>
        </Box>
      </Box>
    );
  }
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}
