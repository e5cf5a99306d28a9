import { DOUBLON_CRITERE_LABELS, type Doublon, type DoublonCritere } from '@guichet/contract';
import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { FlagChip } from './flag-chip.tsx';

/** « même e-mail, même téléphone »: what two records share, as staff read it. */
export const memes = (par: readonly DoublonCritere[]) => par.map((k) => `même ${DOUBLON_CRITERE_LABELS[k]}`).join(', ');

/**
 * « Doublon possible » in a staff list (issue 17): shown only when the row shares something with
 * another live record; what it shares is in the text a screen reader reads and in the tooltip.
 */
export function DoublonChip({ par }: { par: readonly DoublonCritere[] | undefined }) {
  if (!par?.length) return null;
  return <FlagChip label="Doublon possible" detail={memes(par)} tone="warning" />;
}

/**
 * A list cell's text (a name) followed by the chip, rather than a column of its own: the lists
 * already fill the screen. The name always shows in full (it wraps); the chip goes under it when
 * both do not fit on one line.
 */
export function DoublonCell({ text, par }: { text: string; par: readonly DoublonCritere[] | undefined }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        minWidth: 0,
        maxWidth: '100%',
      }}
    >
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {text}
      </Box>
      <DoublonChip par={par} />
    </Box>
  );
}

/**
 * On a staff page: the other live records this one may duplicate, each linked (« Voir l’offre n° 12 »)
 * with what they share. Nothing when there is none.
 */
export function DoublonsAlert(props: {
  doublons: readonly Doublon[];
  /** « l’offre », « le partenaire »: the link says « Voir l’offre n° 12 ». */
  nom: string;
  href: (id: number) => string;
}) {
  if (props.doublons.length === 0) return null;
  return (
    // A region, not an alert: it is part of the page, nothing to announce on arrival.
    <Alert severity="warning" component="section" role="region" aria-labelledby="titre-doublons">
      <AlertTitle id="titre-doublons" component="h2">
        Doublon possible
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {props.doublons.map((d) => (
          <li key={d.id}>
            <Link component={RouterLink} to={props.href(d.id)}>
              Voir {props.nom} n° {d.id}
            </Link>{' '}
            : {memes(d.par)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
