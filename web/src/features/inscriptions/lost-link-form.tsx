import { LIEN_PERDU_REPONSE, lienPerduBodySchema } from '@guichet/contract';
import { LinkRequestForm } from '../../components/form/link-request-form.tsx';
import { askLostLink } from './logement-api.ts';

/**
 * A landlord who lost the personal link asks for a new one by e-mail address; the answer tells
 * nobody who has an offer. No honeypot: the wizard's recap already holds the page's one trap field
 * (its id is fixed).
 */
export function LostLinkForm({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <LinkRequestForm
      id="lien-perdu"
      title="Recevoir à nouveau mon lien personnel"
      heading={{ variant: 'h6', component: headingLevel }}
      intro="Indiquez l'adresse de courriel donnée lors du dépôt de votre offre : nous vous enverrons un nouveau lien pour consulter votre offre, confirmer qu'elle est toujours disponible ou la retirer."
      submitLabel="Recevoir mon lien"
      schema={lienPerduBodySchema}
      ask={askLostLink}
      sentMessage={LIEN_PERDU_REPONSE}
    />
  );
}
