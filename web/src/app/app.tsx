import { CssBaseline, ThemeProvider } from '@mui/material';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ParamsGate, PortalLoading } from '../lib/params.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <ParamsGate>
          <BrowserRouter>
            {/* The first screen waits for its code (preloaded with the page): nothing half-drawn meanwhile. */}
            <Suspense fallback={<PortalLoading />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
        </ParamsGate>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
