import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/page-title.ts';

/** Built by its own issue; until then the route exists and says only what it is. */
export function InscriptionsListPage() {
  usePageTitle('Inscriptions');
  return (
    <Typography variant="h4" component="h1">
      Inscriptions
    </Typography>
  );
}
