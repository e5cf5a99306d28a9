import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/page-title.ts';

/** The legal pages are written with the accessibility issue; the routes exist already. */
function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Typography variant="h4" component="h1">
      {title}
    </Typography>
  );
}
export const AccessibilitePage = () => <Titled title="Accessibilité" />;
export const MentionsLegalesPage = () => <Titled title="Mentions légales" />;
export const DonneesPersonnellesPage = () => <Titled title="Données personnelles" />;
