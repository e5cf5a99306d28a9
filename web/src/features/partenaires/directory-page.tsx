import type { Filtre } from '@guichet/contract';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import styles from './directory.module.css';
import { directoryQuery, useCategories, useFiltres } from './directory-api.ts';
import { PartenaireCard } from './partenaire-card.tsx';

/**
 * /partenaires (docs/spec/portal-spec.md §2 Public directory): categories with their partners, one theme filter at a time.
 * Laid out with CSS grid, themes as buttons with `aria-pressed` and messages without `Alert`: MUI's Grid,
 * ToggleButton and Alert would add ~8 KiB to the page's first load (docs/benchmarks.md).
 */
export function DirectoryPage() {
  usePageTitle('Nos partenaires');
  const [search, setSearch] = useSearchParams();
  const filtre = Number(search.get('theme')) || null;
  const categories = useCategories();
  const filtres = useFiltres();
  const partenaires = useQuery(directoryQuery(filtre));

  /** Clicking the active theme clears it: one filter at a time (docs/spec/portal-spec.md §2). */
  const toggle = (id: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (filtre === id) next.delete('theme');
        else next.set('theme', String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const active = filtres.data?.find((f) => f.id === filtre);
  const known = new Set((categories.data ?? []).map((c) => c.id));
  const groups = [
    ...(categories.data ?? []),
    // A partner whose category was removed still shows, last.
    { id: 0, libelle: 'Autres partenaires' },
  ]
    .map((c) => ({
      categorie: c,
      items: (partenaires.data ?? []).filter((p) =>
        c.id === 0 ? p.idCategorie === null || !known.has(p.idCategorie) : p.idCategorie === c.id,
      ),
    }))
    .filter((g) => g.items.length > 0);
  const loading = categories.isPending || filtres.isPending || partenaires.isPending;
  const failed = categories.isError || filtres.isError || partenaires.isError;
  const count = partenaires.data?.length ?? 0;

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          Nos partenaires
        </Typography>
        <Typography>
          Les organismes partenaires du guichet proposent aux étudiants des services et des offres : logement,
          transports, santé, culture, sport, emploi…
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // The themes in a column of their own width; the cards take the rest of the page.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box>
          <Paper component="aside" aria-labelledby="titre-themes" variant="outlined" sx={{ p: 2 }}>
            <Typography id="titre-themes" variant="h6" component="h2" sx={{ mb: 1 }}>
              Pour vous aider dans votre recherche …
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Choisissez un thème ; choisissez-le à nouveau pour revoir tous les partenaires.
            </Typography>
            {filtres.data && (
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                {[1, 0].map((parity) => (
                  <Box key={parity}>
                    <Stack spacing={1}>
                      {filtres.data
                        .filter((f) => f.id % 2 === parity)
                        .map((f) => (
                          <ThemeButton key={f.id} filtre={f} selected={filtre === f.id} onClick={() => toggle(f.id)} />
                        ))}
                    </Stack>
                  </Box>
                ))}
              </Box>
            )}
            {active && (
              <Button sx={{ mt: 2 }} onClick={() => toggle(active.id)}>
                Voir tous les thèmes
              </Button>
            )}
          </Paper>
        </Box>
        <Box>
          <Typography role="status" sx={{ mb: 2 }} color="text.secondary">
            {loading
              ? ''
              : `${count} partenaire${count > 1 ? 's' : ''}${active ? ` pour le thème « ${active.tag} »` : ''}`}
          </Typography>
          {loading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
              <CircularProgress aria-label="Chargement des partenaires" />
            </Box>
          ) : failed ? (
            <Notice severity="error">
              L'annuaire n'a pas pu être chargé. Vérifiez votre connexion puis rechargez la page.
            </Notice>
          ) : groups.length === 0 ? (
            <Notice severity="info" role="alert">
              {active
                ? `Aucun partenaire pour le thème « ${active.tag} » pour le moment.`
                : "Aucun partenaire n'est encore publié dans l'annuaire."}
            </Notice>
          ) : (
            <Stack spacing={4}>
              {groups.map(({ categorie, items }) => (
                <Box component="section" key={categorie.id} aria-labelledby={`categorie-${categorie.id}`}>
                  <Typography id={`categorie-${categorie.id}`} variant="h5" component="h2" sx={{ mb: 2 }}>
                    {categorie.libelle}
                  </Typography>
                  <Box
                    component="ul"
                    sx={{
                      listStyle: 'none',
                      p: 0,
                      m: 0,
                      display: 'grid',
                      gap: 2,
                      // As many cards of 250 px at least as the width holds: one on a phone, three on a desktop.
                      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
                    }}
                  >
                    {items.map((p) => (
                      <li key={p.id}>
                        <PartenaireCard p={p} />
                      </li>
                    ))}
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

/** A theme: its number in a round badge (decorative) and its name; aria-pressed tells the state. */
function ThemeButton({ filtre, selected, onClick }: { filtre: Filtre; selected: boolean; onClick: () => void }) {
  return (
    <button type="button" className={styles.theme} aria-pressed={selected} onClick={onClick}>
      <span className={styles.badge} aria-hidden="true">
        {filtre.id}
      </span>
      <span>{filtre.tag}</span>
    </button>
  );
}
