import { type CourrielsEtat, formatDateTime, type Wire } from '@guichet/contract';
import { Alert, Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

const courriels = (n: number) => (n > 1 ? `${n} courriels` : `${n} courriel`);
const statut = (s: 'pending' | 'failed') => `${paths.admin.courriels}?f.statut=${s}`;

/**
 * Whether mail goes out: an unreachable mail server shows here within minutes (mails waiting too
 * long, the last error in French), though nothing is « En échec » until the retries end, hours later.
 */
export function CourrielsCard({ etat }: { etat: Wire<CourrielsEtat> }) {
  const late = etat.enRetard > 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="envoi-courriels">
      <CardContent>
        <Typography id="envoi-courriels" variant="h5" component="h2" sx={{ mb: 1 }}>
          Envoi des courriels
        </Typography>
        {late && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {courriels(etat.enRetard)} {etat.enRetard > 1 ? 'attendent' : 'attend'} depuis plus de {etat.retardMinutes}{' '}
            minutes : l'envoi est bloqué ou ralenti. Les essais continuent automatiquement.
          </Alert>
        )}
        <Typography>
          <Link component={RouterLink} to={statut('pending')}>
            En attente d'envoi : {etat.enAttente}
          </Link>
          {!late && ` (aucun depuis plus de ${etat.retardMinutes} minutes)`}
        </Typography>
        <Typography>
          <Link component={RouterLink} to={statut('failed')}>
            En échec ces {etat.echecJours} derniers jours : {etat.enEchec}
          </Link>
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {etat.derniereErreur
            ? `Dernière erreur d'envoi (${formatDateTime(etat.derniereErreur.date)}) : ${etat.derniereErreur.erreur}`
            : `Aucune erreur d'envoi ces ${etat.echecJours} derniers jours.`}
        </Typography>
      </CardContent>
    </Card>
  );
}
