import {
  formatDateTime,
  JOURNAL_HISTORIQUE_MAX,
  type JournalHistoriqueEntite,
  journalActionLabel,
  journalEndpoints,
} from '@guichet/contract';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api.ts';
import { hasChanges, type JournalLigne, JournalLigneDialog } from './journal-changes.tsx';

/** The query key of one record's « Historique ». */
export const historiqueQueryKey = (entite: JournalHistoriqueEntite, id: number) =>
  [journalEndpoints.historique.path, entite, id] as const;

/**
 * The staff's actions on one offer, partner or student request, newest first, from the journal:
 * who did what and when; « Voir le détail » shows the values before and after.
 */
export function HistoriqueJournal(props: {
  entite: JournalHistoriqueEntite;
  id: number;
  /**
   * The page's record as its query holds it: a new object once an action changed it (TanStack
   * Query keeps the same one when nothing did), and the history is read again.
   */
  record?: unknown;
  titre?: string;
}) {
  const { entite, id } = props;
  const query = useQuery({
    queryKey: historiqueQueryKey(entite, id),
    queryFn: () => call(journalEndpoints.historique, { params: { entite, id } }),
  });
  const { refetch } = query;
  const seen = useRef(props.record);
  useEffect(() => {
    if (seen.current === props.record) return;
    seen.current = props.record;
    void refetch();
  }, [props.record, refetch]);
  const [open, setOpen] = useState<JournalLigne | null>(null);
  const titleId = `titre-journal-${entite}`;
  const lignes = query.data?.lignes ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {props.titre ?? 'Historique des actions du guichet'}
      </Typography>
      {query.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">Chargement de l’historique…</Typography>
        </Box>
      ) : query.isError ? (
        <Alert severity="error">L’historique n’a pas pu être chargé.</Alert>
      ) : lignes.length === 0 ? (
        <Typography color="text.secondary">Aucune action du guichet enregistrée.</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {lignes.map((l) => (
            <li key={l.id}>
              <Typography component="span" color="text.secondary">
                <time dateTime={l.date}>{formatDateTime(l.date)}</time>
              </Typography>{' '}
              — {journalActionLabel(l.action)}, par {l.agent ?? 'le système'}
              {l.resume && (
                <Typography variant="body2" color="text.secondary">
                  {l.resume}
                </Typography>
              )}
              {hasChanges(l) && (
                <Button size="small" onClick={() => setOpen(l)} aria-label={`Voir le détail : ${l.resume ?? ''}`}>
                  Voir le détail
                </Button>
              )}
            </li>
          ))}
        </Box>
      )}
      {lignes.length === JOURNAL_HISTORIQUE_MAX && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Les {JOURNAL_HISTORIQUE_MAX} actions les plus récentes ; le Journal les garde toutes.
        </Typography>
      )}
      <JournalLigneDialog ligne={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
