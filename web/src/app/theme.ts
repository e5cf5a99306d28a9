import { frFR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

/** The focus ring: DSFR focus blue, 3:1 at least against the white and grey backgrounds (WCAG 2.4.7, 1.4.11). */
const focusRing = { outline: '3px solid #0a76f6', outlineOffset: '2px' } as const;

/** Colours of the French State's design system: blue France, contrast AA on white. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#000091', contrastText: '#ffffff' },
      secondary: { main: '#c9191e' },
      success: { main: '#18753c' },
      warning: { main: '#b34000' },
      error: { main: '#ce0500' },
      text: { primary: '#161616', secondary: '#3a3a3a' },
      background: { default: '#f6f6f6' },
    },
    typography: { fontFamily: 'Marianne, Arial, "Helvetica Neue", sans-serif' },
    components: {
      // MUI marks keyboard focus with a faint ripple only: every control gets a visible ring.
      MuiCssBaseline: { styleOverrides: { 'a:focus-visible': focusRing } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
      MuiButtonBase: {
        defaultProps: { disableRipple: false },
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      // Inside menus and drawers (which clip their overflow) the ring is drawn within the item.
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: '-3px' } } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: '-3px' } } } },
    },
  },
  frFR,
);
