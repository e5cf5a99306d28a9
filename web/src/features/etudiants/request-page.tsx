import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/page-title.ts';

/** Built by its own issue; until then the route exists and says only what it is. */
export function RequestPage() {
  usePageTitle('Demander la liste des logements');
  return (
    <Typography variant="h4" component="h1">
      Demander la liste des logements
    </Typography>
  );
}
