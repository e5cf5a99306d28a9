import { type Attente, attenteFilterLabel, type TableauDeBord } from '@guichet/contract';
import { Alert, Box, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { CourrielsCard } from './courriels-card.tsx';
import { listLinks } from './links.ts';
import { useTableauDeBord } from './tableau-de-bord-api.ts';
import { type ChartSeries, WeeklyChart } from './weekly-chart.tsx';

const jours = (n: number) => `${n} jour${n > 1 ? 's' : ''}`;

type Kind = keyof TableauDeBord['attente'];
const KINDS: { kind: Kind; title: string; waiting: (n: number) => string }[] = [
  {
    kind: 'inscriptions',
    title: 'Offres de logement',
    waiting: (n) => (n > 1 ? `${n} offres en attente` : `${n} offre en attente`),
  },
  {
    kind: 'partenaires',
    title: 'Inscriptions de partenaires',
    waiting: (n) => (n > 1 ? `${n} inscriptions en attente` : `${n} inscription en attente`),
  },
  {
    kind: 'modificationsPartenaires',
    title: 'Modifications proposées par des partenaires',
    waiting: (n) => (n > 1 ? `${n} modifications à examiner` : `${n} modification à examiner`),
  },
  {
    kind: 'etudiants',
    title: 'Demandes étudiantes',
    waiting: (n) => (n > 1 ? `${n} demandes en attente` : `${n} demande en attente`),
  },
];

const CHARTS: { title: string; series: ChartSeries[] }[] = [
  { title: 'Offres de logement reçues', series: [{ key: 'inscriptions', label: 'Offres reçues', color: '#000091' }] },
  {
    title: 'Inscriptions de partenaires reçues',
    series: [{ key: 'partenaires', label: 'Inscriptions reçues', color: '#6a3d9a' }],
  },
  { title: 'Demandes étudiantes reçues', series: [{ key: 'etudiants', label: 'Demandes reçues', color: '#00666b' }] },
  {
    title: 'Courriels envoyés et en échec',
    series: [
      { key: 'courrielsEnvoyes', label: 'Envoyés', color: '#18753c' },
      { key: 'courrielsEchoues', label: 'En échec', color: '#ce0500' },
    ],
  },
  {
    title: 'Offres confirmées et expirées',
    series: [
      { key: 'offresConfirmees', label: 'Confirmées par le propriétaire', color: '#18753c' },
      { key: 'offresExpirees', label: 'Expirées sans réponse', color: '#b34000' },
    ],
  },
];

/** /admin for the agents of offers, partners and students: what waits, since when, and the last twelve months. */
export function TableauDeBordPage() {
  usePageTitle('Tableau de bord');
  const board = useTableauDeBord();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Typography variant="h4" component="h1">
        Tableau de bord
      </Typography>
      {board.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Chargement du tableau de bord…</Typography>
        </Box>
      ) : board.isError ? (
        <Alert severity="error" role="alert">
          Le tableau de bord n'a pas pu être chargé. Rechargez la page.
        </Alert>
      ) : (
        <>
          <Box component="section" aria-labelledby="en-attente">
            <Typography id="en-attente" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              En attente
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
              }}
            >
              {KINDS.map((k) => (
                <WaitingCard key={k.kind} {...k} attente={board.data.attente[k.kind]} ageing={board.data.ageingDays} />
              ))}
            </Box>
          </Box>
          <CourrielsCard etat={board.data.courriels} />
          <Box component="section" aria-labelledby="activite">
            <Typography id="activite" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              Activité des douze derniers mois
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              {CHARTS.map((c) => (
                <WeeklyChart key={c.title} title={c.title} series={c.series} semaines={board.data.semaines} />
              ))}
            </Box>
          </Box>
        </>
      )}
    </Stack>
  );
}

function WaitingCard({
  kind,
  title,
  waiting,
  attente,
  ageing,
}: {
  kind: Kind;
  title: string;
  waiting: (n: number) => string;
  attente: Attente;
  ageing: number;
}) {
  const headingId = `attente-${kind}`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ my: 1, fontWeight: 700 }}>
          <Link component={RouterLink} to={listLinks[kind]()} underline="hover" aria-describedby={headingId}>
            {waiting(attente.total)}
          </Link>
        </Typography>
        <Typography>
          {attente.plusAncienJours === null
            ? 'Rien n’attend.'
            : `La plus ancienne attend depuis ${jours(attente.plusAncienJours)}.`}
        </Typography>
        {attente.enRetard > 0 ? (
          <Link
            component={RouterLink}
            to={listLinks[kind](ageing)}
            aria-describedby={headingId}
            sx={{ display: 'inline-block', mt: 1, fontWeight: 700 }}
          >
            {attenteFilterLabel(ageing)} : {attente.enRetard}
          </Link>
        ) : (
          <Typography sx={{ mt: 1 }} color="text.secondary">
            Aucune depuis plus de {jours(ageing)}.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
