import { frFR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
      MuiButtonBase: { defaultProps: { disableRipple: false } },
    },
  },
  frFR,
);
