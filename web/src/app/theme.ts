import { frFR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { colors, focusRing } from '../lib/colors.ts';

/** Colours of the French State's design system: blue France, contrast AA on white. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: colors.primary, contrastText: '#ffffff' },
      secondary: { main: '#c9191e' },
      success: { main: '#18753c' },
      warning: { main: '#b34000' },
      error: { main: colors.error },
      text: { primary: colors.text, secondary: colors.textSecondary },
      background: { default: colors.background },
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
