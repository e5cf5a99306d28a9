import { Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { usePageTitle } from '../components/page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page introuvable');
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        Page introuvable
      </Typography>
      <Typography>La page demandée n'existe pas ou a été déplacée.</Typography>
      <Button component={Link} to="/" variant="outlined">
        Retour à l'accueil
      </Button>
    </Stack>
  );
}
