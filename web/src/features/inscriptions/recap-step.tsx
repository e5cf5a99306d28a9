import type { FieldError, Logement, Proprietaire } from '@guichet/contract';
import { MESSAGES } from '@guichet/contract/forms';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { Honeypot } from '../../components/honeypot.tsx';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { FactList, logementFacts, proprietaireFacts } from './inscription-facts.tsx';
import { StepForm, type StepHeading } from './step-form.tsx';
import { addInscription, loadInscriptionSchema } from './wizard-api.ts';

/**
 * Step 3: every value with its label, then what the office does with it, before 'Valider' sends
 * the offer (with the honeypot). Refused data goes back to the step that holds it.
 */
export function RecapStep({
  proprietaire,
  logement,
  heading,
  onBack,
  onSaved,
  onRefused,
}: {
  proprietaire: Proprietaire;
  logement: Logement;
  heading: StepHeading;
  onBack: () => void;
  onSaved: () => void;
  /** The server refused some values (its lists may have changed since the step was checked). */
  onRefused: (errors: readonly FieldError[]) => void;
}) {
  const form = useContractForm({
    schema: loadInscriptionSchema,
    defaultValues: { proprietaire, logement },
    honeypot: true,
    submit: async (body) => {
      try {
        return await addInscription(body);
      } catch (err) {
        if (err instanceof ApiError && err.errors.length) onRefused(err.errors);
        // Whatever went wrong, the person reads that the offer was not recorded.
        throw new ApiError(err instanceof ApiError ? err.status : 0, MESSAGES.erreurEnregistrementInscription);
      }
    },
    onSuccess: () => onSaved(),
  });
  return (
    <StepForm form={form} step={2} heading={heading} onBack={onBack}>
      <Honeypot {...form.honeypot} />
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="recap-proprietaire">
          <Typography id="recap-proprietaire" variant="h6" component="h3" sx={{ mb: 1 }}>
            Propriétaire
          </Typography>
          <FactList facts={proprietaireFacts(proprietaire)} />
        </Box>
        <Box component="section" aria-labelledby="recap-logement">
          <Typography id="recap-logement" variant="h6" component="h3" sx={{ mb: 1 }}>
            Logement
          </Typography>
          <FactList facts={logementFacts(logement)} />
        </Box>
        <Paper variant="outlined" component="section" aria-labelledby="recap-donnees" sx={{ p: 2, bgcolor: '#f5f5fe' }}>
          <Typography id="recap-donnees" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Vos données personnelles
          </Typography>
          <Typography variant="body2">
            En validant, vous confiez au guichet numérique étudiant les informations ci-dessus : vos nom, prénom,
            téléphone et adresse de courriel, l'adresse du logement et sa description. Elles servent à vérifier votre
            offre puis, une fois validée, à la publier dans la liste des logements privés envoyée par courriel aux
            étudiants qui la demandent. Cette liste montre{' '}
            <strong>
              l'adresse complète du logement (rue, code postal et ville), sa description, vos nom et prénom, votre
              téléphone et votre adresse de courriel
            </strong>
            , pour que les étudiants puissent situer le logement et vous contacter, ainsi que la date à laquelle le
            guichet a validé l'offre. Pour les consulter, les corriger ou les faire supprimer, contactez le guichet ;
            voir{' '}
            <Link component={RouterLink} to={paths.donneesPersonnelles}>
              Données personnelles
            </Link>
            .
          </Typography>
        </Paper>
      </Stack>
    </StepForm>
  );
}
