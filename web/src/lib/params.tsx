import type { Params } from '@guichet/contract';
import { PARAMS_ELEMENT_ID } from '@guichet/contract/page-data';
import { Box, Button, Typography } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { inlinedJson } from './page-data.ts';

const ParamsContext = createContext<Params | null>(null);

/** The site's general parameters; available everywhere below <ParamsGate>. */
export function useSiteParams(): Params {
  const p = useContext(ParamsContext);
  if (!p) throw new Error('useSiteParams hors de <ParamsGate>');
  return p;
}

/**
 * The params the server wrote into the page (server/src/platform/web-app.ts), or null when the
 * page has none or they do not have the contract's shape (a page saved from an older version, a
 * proxy that rewrote it): then they are fetched. Checked field by field rather than with
 * `paramsSchema`, so zod stays out of the first download (params.unit.test.tsx holds both to the
 * same answers).
 */
export function inlinedParams(doc: Document = document): Params | null {
  const value = inlinedJson(PARAMS_ELEMENT_ID, doc);
  return isParams(value) ? value : null;
}

const TEXT_FIELDS = ['nomSite', 'emailContact', 'telephoneContact', 'adresseContact'] as const;

export function isParams(value: unknown): value is Params {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.annee) && TEXT_FIELDS.every((k) => typeof v[k] === 'string');
}

/**
 * The application waits for the general parameters before showing any route (docs/spec/portal-spec.md §2): those
 * written into the page when present, so the first screen shows at once, otherwise a plain fetch (the query library
 * stays out of the first load of public pages).
 */
/** The portal before its first screen is here: a page of its own too (main landmark, level-one heading). */
export function PortalLoading() {
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

export function ParamsGate({ children }: { children: ReactNode }) {
  const [params, setParams] = useState<Params | null>(() => inlinedParams());
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    import('./params-call.ts').then(({ fetchParams }) => fetchParams()).then(setParams, () => setFailed(true));
  }, []);
  // Fetched once at start, and only when the page brought none.
  const missing = useRef(params === null);
  useEffect(() => {
    if (missing.current) load();
  }, [load]);

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
  if (!params) return <PortalLoading />;
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}
