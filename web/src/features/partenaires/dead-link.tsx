import { MESSAGES, PARTENAIRE_MESSAGES, partenaireLienBodySchema } from '@guichet/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { LinkRequestForm } from '../../components/form/link-request-form.tsx';
import { MailLink, TelLink } from '../../components/office-contact.tsx';
import { useSiteParams } from '../../lib/params.tsx';
import { askNewLink } from './partenaires-api.ts';

/**
 * A renewal link that opens nothing (used, expired or unknown: the server says only « introuvable »):
 * why, a form that mails a new link (the same answer whether the address is known or not), and the
 * office's contact.
 */
export function DeadLink() {
  const params = useSiteParams();
  return (
    <Stack spacing={3}>
      <Alert severity="warning" role="alert">
        {MESSAGES.partenaireIntrouvableToken}. Ce lien a peut-être déjà servi (il ne sert qu'une fois), a expiré (il
        n'est valable qu'un temps limité après son envoi, indiqué dans le courriel) ou a été remplacé par un lien plus
        récent.
      </Alert>
      <LinkRequestForm
        id="nouveau-lien"
        title="Recevoir un nouveau lien"
        heading={{ variant: 'h5', component: 'h2' }}
        intro="Indiquez l'adresse de courriel de votre organisme ou de son représentant, telle qu'enregistrée auprès du guichet : nous y enverrons un nouveau lien pour vérifier ou mettre à jour vos informations."
        submitLabel="Recevoir un nouveau lien"
        schema={partenaireLienBodySchema}
        ask={askNewLink}
        sentMessage={PARTENAIRE_MESSAGES.lienDemande}
      />
      <Stack component="section" aria-labelledby="titre-contact-guichet" spacing={1}>
        <Typography id="titre-contact-guichet" variant="h5" component="h2">
          Contacter le guichet
        </Typography>
        <Typography>
          Téléphone : <TelLink phone={params.telephoneContact} /> — Courriel :{' '}
          <MailLink address={params.emailContact} />
        </Typography>
      </Stack>
    </Stack>
  );
}
