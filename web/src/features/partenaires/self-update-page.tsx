import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/page-title.ts';

/** Built by its own issue; until then the route exists and says only what it is. */
export function SelfUpdatePage() {
  usePageTitle('Mettre à jour mes informations');
  return (
    <Typography variant="h4" component="h1">
      Mettre à jour mes informations
    </Typography>
  );
}
