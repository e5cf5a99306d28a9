import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { logoSrc } from './logo-address.ts';

export type CardData = { nom: string; lien: string; lienOffres: string; presentation: string; logo: string };

/** A link leaving the portal says so, in words as well as with the icon. */
export function ExternalLink({ href, children, tabIndex }: { href: string; children: string; tabIndex?: number }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={tabIndex}
      sx={{ display: 'inline-flex', alignItems: 'center' }}
    >
      {children}
      <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5 }} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (nouvelle fenêtre)
      </Box>
    </Link>
  );
}

/** A partner as the directory shows it: logo, name in capitals, website and offers, presentation. */
export function PartenaireCard({ p, headingLevel = 'h3' }: { p: CardData; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Box sx={{ height: 90, display: 'grid', placeItems: 'center' }}>
            <img
              src={logoSrc(p.logo)}
              alt={`Logo de ${p.nom}`}
              style={{ maxWidth: '100%', maxHeight: 90, objectFit: 'contain' }}
              loading="lazy"
            />
          </Box>
          <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {p.nom.toLocaleUpperCase('fr-FR')}
          </Typography>
          <Stack spacing={0.5}>
            <ExternalLink href={p.lien}>{`Site web de ${p.nom}`}</ExternalLink>
            <ExternalLink href={p.lienOffres}>{`Offres étudiantes de ${p.nom}`}</ExternalLink>
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {p.presentation}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
