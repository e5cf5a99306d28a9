import { frFR } from '@mui/material/locale';
import { alpha, createTheme } from '@mui/material/styles';
import { colors, focusRing } from '../lib/colors.ts';

/**
 * The same colours for the screens styled in plain CSS (the directory's `*.module.css`): custom
 * properties on `:root`, set once by the baseline, so lib/colors.ts stays their one source.
 */
const cssVariables = {
  '--couleur-primaire': colors.primary,
  '--couleur-primaire-soulignement': alpha(colors.primary, 0.4),
  '--couleur-primaire-survol': alpha(colors.primary, 0.04),
  '--couleur-primaire-choisie': alpha(colors.primary, 0.08),
  '--couleur-texte': colors.text,
  '--couleur-separateur': 'rgba(0, 0, 0, 0.12)',
  '--couleur-pastille': '#eeeeee',
  '--anneau-focus': focusRing.outline,
  '--anneau-focus-ecart': focusRing.outlineOffset,
};

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
      MuiCssBaseline: { styleOverrides: { ':root': cssVariables, 'a:focus-visible': focusRing } },
      // Sentence case, as French typography writes it: capitals read slower and shout.
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
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
