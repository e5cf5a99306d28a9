import type { Params } from '@guichet/contract';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { api } from '../lib/api.ts';

const ParamsContext = createContext<Params | null>(null);

/** The site's general parameters; available everywhere below <ParamsGate>. */
export function useSiteParams(): Params {
  const p = useContext(ParamsContext);
  if (!p) throw new Error('useSiteParams hors de <ParamsGate>');
  return p;
}

/** The application waits for the general parameters before showing any route (spec §2). */
export function ParamsGate({ children }: { children: ReactNode }) {
  const q = useQuery({ queryKey: ['params'], queryFn: () => api.get<Params>('params/get/all'), staleTime: Infinity });
  if (q.isPending) {
    return (
      <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label="Chargement du portail" />
      </Box>
    );
  }
  if (q.isError) {
    return (
      <Box sx={{ maxWidth: 600, mx: 'auto', mt: 8, px: 2 }}>
        <Alert severity="error" action={<Button onClick={() => q.refetch()}>Réessayer</Button>}>
          Le portail n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.
        </Alert>
      </Box>
    );
  }
  return <ParamsContext.Provider value={q.data}>{children}</ParamsContext.Provider>;
}
