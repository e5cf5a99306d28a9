import { COURRIEL_STATUTS, formatDateTime } from '@guichet/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { courrielQuery } from './courriels-api.ts';

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <Box component="dt" sx={{ fontWeight: 600 }}>
      {label}
    </Box>
    <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </>
);

/**
 * One mail as it was written: who, what, where it stands, and its plain text. The server masks every
 * personal link (a mail not yet sent still holds its own) before the text leaves it.
 */
export function CourrielDialog(props: {
  id: number | null;
  onClose: () => void;
  /** The administrator's « Renvoyer »; absent for anyone else. */
  onResend?: (id: number) => void;
  resending: boolean;
}) {
  const q = useQuery({ ...courrielQuery(props.id ?? 0), enabled: props.id !== null });
  const c = props.id !== null ? q.data?.courriel : undefined;
  return (
    <Dialog open={props.id !== null} onClose={props.onClose} aria-labelledby="courriel-titre" fullWidth maxWidth="md">
      <DialogTitle id="courriel-titre">Courriel n° {props.id}</DialogTitle>
      {/* A long text scrolls: the keyboard must reach it (focusable, named region). */}
      <DialogContent tabIndex={0} role="region" aria-label="Contenu du courriel">
        {q.isError && <Alert severity="error">{(q.error as Error).message}</Alert>}
        {!c && !q.isError && <CircularProgress aria-label="Chargement du courriel" />}
        {c && (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, mt: 0 }}
            >
              <Fact label="Mis en file le">{formatDateTime(c.date)}</Fact>
              <Fact label="Destinataire">{c.destinataire}</Fact>
              <Fact label="Objet">{c.objet}</Fact>
              <Fact label="Statut">
                {COURRIEL_STATUTS[c.statut]}
                {c.dateEnvoi ? ` le ${formatDateTime(c.dateEnvoi)}` : ''}
              </Fact>
              <Fact label="Tentatives">{c.tentatives}</Fact>
              {c.derniereErreur && <Fact label="Dernière erreur">{c.derniereErreur}</Fact>}
              {/* Sent to an administrator only: the server's own words, for the mail server's operator. */}
              {c.derniereErreurBrute && (
                <Fact label="Détail technique">
                  <Box component="code" sx={{ fontSize: '0.85em' }}>
                    {c.derniereErreurBrute}
                  </Box>
                </Fact>
              )}
              {c.piecesJointes.length > 0 && <Fact label="Pièces jointes">{c.piecesJointes.join(', ')}</Fact>}
            </Box>
            <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
              Texte du courriel
            </Typography>
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontFamily: 'inherit',
                bgcolor: 'grey.100',
                p: 2,
                borderRadius: 1,
                m: 0,
              }}
            >
              {c.texte}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {c?.statut === 'failed' && props.onResend && (
          <Button
            variant="contained"
            aria-disabled={props.resending || undefined}
            onClick={() => !props.resending && props.onResend?.(c.id)}
          >
            {props.resending ? 'Renvoi en cours…' : 'Renvoyer'}
          </Button>
        )}
        <Button onClick={props.onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
