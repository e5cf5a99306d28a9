import ApartmentIcon from '@mui/icons-material/Apartment';
import EditNoteIcon from '@mui/icons-material/EditNote';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import SchoolIcon from '@mui/icons-material/School';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailLink, TelLink } from '../../components/office-contact.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { lienPerduPath } from '../../lib/lien-perdu.ts';
import { useSiteParams } from '../../lib/params.tsx';
import { paths } from '../../lib/paths.ts';

const entries: { to: string; title: string; text: string; icon: ReactNode }[] = [
  {
    to: paths.inscriptionProprietaire,
    title: 'Proposer un logement',
    text: 'Propriétaire, inscrivez votre logement pour figurer sur la liste des logements privés.',
    icon: <ApartmentIcon fontSize="large" color="primary" aria-hidden />,
  },
  {
    to: lienPerduPath,
    title: 'Gérer mon offre',
    text: 'Propriétaire, recevez à nouveau votre lien personnel pour consulter, confirmer ou retirer votre offre.',
    icon: <EditNoteIcon fontSize="large" color="primary" aria-hidden />,
  },
  {
    to: paths.demandeEtudiant,
    title: 'Demander la liste des logements',
    text: 'Étudiant, recevez par courriel la liste des logements privés proposés.',
    icon: <SchoolIcon fontSize="large" color="primary" aria-hidden />,
  },
  {
    to: paths.inscriptionPartenaire,
    title: 'Devenir partenaire',
    text: 'Organisme au service des étudiants, rejoignez l’annuaire des partenaires.',
    icon: <HandshakeIcon fontSize="large" color="primary" aria-hidden />,
  },
  {
    to: paths.partenaires,
    title: 'Annuaire des partenaires',
    text: 'Trouvez les organismes qui vous aident à vous loger, vous déplacer, vous soigner…',
    icon: <GroupsIcon fontSize="large" color="primary" aria-hidden />,
  },
];

export function HomePage() {
  const params = useSiteParams();
  usePageTitle('Accueil');
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
          {params.nomSite}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          Logement, services et partenaires pour les étudiants — année {params.annee}-{params.annee + 1}
        </Typography>
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {entries.map((e) => (
          <Box key={e.to} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={e.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  <Stack spacing={1}>
                    {e.icon}
                    <Typography variant="h6" component="h2">
                      {e.title}
                    </Typography>
                    <Typography color="text.secondary">{e.text}</Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <Stack component="section" aria-labelledby="contact-titre" spacing={0.5}>
        <Typography id="contact-titre" variant="h5" component="h2">
          Nous contacter
        </Typography>
        <Typography>{params.adresseContact}</Typography>
        <Typography>
          Téléphone : <TelLink phone={params.telephoneContact} />
        </Typography>
        <Typography>
          Courriel : <MailLink address={params.emailContact} />
        </Typography>
      </Stack>
    </Stack>
  );
}
