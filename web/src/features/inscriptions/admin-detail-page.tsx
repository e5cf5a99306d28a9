import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/page-title.ts';

/** Built by its own issue; until then the route exists and says only what it is. */
export function InscriptionDetailPage() {
  usePageTitle("Inscription d'un logement");
  return (
    <Typography variant="h4" component="h1">
      Inscription d'un logement
    </Typography>
  );
}
