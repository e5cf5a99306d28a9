import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { FactList, logementFacts, proprietaireFacts } from './inscription-facts.tsx';
import { inscriptionBody, type WizardValues } from './wizard-form.ts';

/** Every value with its label, then what the office does with it, before 'Valider'. */
export function RecapStep({ values }: { values: WizardValues }) {
  const { proprietaire, logement } = inscriptionBody(values);
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="recap-proprietaire">
        <Typography id="recap-proprietaire" variant="h6" component="h3" sx={{ mb: 1 }}>
          Propriétaire
        </Typography>
        <FactList facts={proprietaireFacts(proprietaire as Parameters<typeof proprietaireFacts>[0])} />
      </Box>
      <Box component="section" aria-labelledby="recap-logement">
        <Typography id="recap-logement" variant="h6" component="h3" sx={{ mb: 1 }}>
          Logement
        </Typography>
        <FactList
          facts={logementFacts({
            ...(logement as Parameters<typeof logementFacts>[0]),
            etage: values.immeuble === 'Oui' ? values.etage : null,
            typeParking: values.parking === 'Oui' ? values.typeParking : null,
          })}
        />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="recap-donnees" sx={{ p: 2, bgcolor: '#f5f5fe' }}>
        <Typography id="recap-donnees" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Vos données personnelles
        </Typography>
        <Typography variant="body2">
          En validant, vous confiez au guichet numérique étudiant les informations ci-dessus : vos nom, prénom,
          téléphone et adresse e-mail, l'adresse du logement et sa description. Elles servent à vérifier votre offre
          puis, une fois validée, à la publier dans la liste des logements privés envoyée par courriel aux étudiants qui
          la demandent. Cette liste montre{' '}
          <strong>
            l'adresse complète du logement (rue, code postal et ville), sa description, vos nom et prénom, votre
            téléphone et votre adresse e-mail
          </strong>
          , pour que les étudiants puissent situer le logement et vous contacter, ainsi que la date à laquelle le
          guichet a validé l'offre. Pour les consulter, les corriger ou les faire supprimer, contactez le guichet ; voir{' '}
          <Link component={RouterLink} to={paths.donneesPersonnelles}>
            Données personnelles
          </Link>
          .
        </Typography>
      </Paper>
    </Stack>
  );
}
