import { CssBaseline, ThemeProvider } from '@mui/material';
import { RouterProvider } from 'react-router';
import { ParamsGate } from '../lib/params.tsx';
import { router } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ParamsGate>
        <RouterProvider router={router} />
      </ParamsGate>
    </ThemeProvider>
  );
}
