import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

/** What becomes of a partner's information, said before it is sent (registration and yearly update). */
export function PartenaireDataNotice() {
  return (
    <Typography variant="body2" color="text.secondary">
      Les informations de la première section (nom, liens, présentation et logo) seront publiées dans l'annuaire des
      partenaires une fois validées par le guichet. Les autres informations servent uniquement au guichet pour vous
      contacter et ne sont pas publiées. Pour en savoir plus et exercer vos droits :{' '}
      <Link component={RouterLink} to={paths.donneesPersonnelles}>
        données personnelles
      </Link>
      .
    </Typography>
  );
}
