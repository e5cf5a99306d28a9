import { Link } from '@mui/material';

/**
 * « Aller au contenu » (RGAA 12.7): the first Tab of every page shows it; Enter moves the focus to
 * the `<main id="contenu" tabIndex={-1}>` of the layout. Fixed, so it shows even on a scrolled page.
 */
export function SkipLink() {
  return (
    <Link href="#contenu" sx={style}>
      Aller au contenu
    </Link>
  );
}

const style = {
  position: 'fixed',
  left: 8,
  top: -48,
  zIndex: 2000,
  bgcolor: 'background.paper',
  p: 1,
  '&:focus': { top: 8 },
} as const;
