import { SEMAINES_TABLEAU_DE_BORD, type Semaine, STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { StatutAttente } from '../../components/data-table/ageing-chip.tsx';
import { useNotifications } from '../../lib/notifications.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { TableauDeBordPage } from './tableau-de-bord-page.tsx';

const weeks: Semaine[] = Array.from({ length: SEMAINES_TABLEAU_DE_BORD }, (_, i) => ({
  semaine: new Date(Date.UTC(2025, 2, 17 + 7 * i)).toISOString().slice(0, 10),
  inscriptions: i === 52 ? 3 : 0,
  partenaires: 0,
  etudiants: i === 51 ? 2 : 0,
  courrielsEnvoyes: i === 52 ? 5 : 0,
  courrielsEchoues: i === 52 ? 1 : 0,
  offresConfirmees: 0,
  offresExpirees: 0,
}));
const board = {
  ageingDays: 7,
  attente: {
    inscriptions: { total: 3, plusAncienJours: 17, enRetard: 2 },
    partenaires: { total: 1, plusAncienJours: 6, enRetard: 0 },
    modificationsPartenaires: { total: 0, plusAncienJours: null, enRetard: 0 },
    etudiants: { total: 2, plusAncienJours: 8, enRetard: 1 },
  },
  semaines: weeks,
  courriels: { enAttente: 0, enRetard: 0, retardMinutes: 15, enEchec: 0, echecJours: 7, derniereErreur: null },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(ui: React.ReactNode, path = '/admin') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('tableau de bord', { timeout: 30_000 }, () => {
  it('dit ce qui attend, depuis quand, et mène aux listes filtrées', async () => {
    fakeServer((url) => (url === '/api/admin/tableau-de-bord' ? json(200, board) : undefined));
    renderAt(<TableauDeBordPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    const offres = await screen.findByRole('listitem', { name: 'Offres de logement' });
    expect(within(offres).getByText('La plus ancienne attend depuis 17 jours.')).toBeTruthy();
    const late = within(offres).getByRole('link', { name: 'En attente depuis plus de 7 jours : 2' });
    expect(late.getAttribute('href')).toBe('/admin/inscriptions?f.attente=7');
    expect(within(offres).getByRole('link', { name: '3 offres en attente' }).getAttribute('href')).toBe(
      '/admin/inscriptions?f.statut=1',
    );
    const modifications = screen.getByRole('listitem', { name: 'Modifications proposées par des partenaires' });
    expect(within(modifications).getByText('Rien n’attend.')).toBeTruthy();
    expect(within(modifications).getByText('Aucune depuis plus de 7 jours.')).toBeTruthy();
    const partenaires = screen.getByRole('listitem', { name: 'Inscriptions de partenaires' });
    expect(within(partenaires).getByRole('link', { name: '1 inscription en attente' }).getAttribute('href')).toBe(
      '/admin/partenaires?f.statut=1',
    );
    const etudiants = screen.getByRole('listitem', { name: 'Demandes étudiantes' });
    fireEvent.click(within(etudiants).getByRole('link', { name: 'En attente depuis plus de 7 jours : 1' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/etudiants?f.attente=7');
  });

  it('l’envoi des courriels : rien en retard, puis un serveur en panne alors que « En échec » est à 0', async () => {
    const down = {
      ...board,
      courriels: {
        ...board.courriels,
        enAttente: 4,
        enRetard: 3,
        derniereErreur: {
          date: '2026-11-28T09:05:00.000Z',
          erreur: 'Le serveur de messagerie refuse la connexion : il est arrêté ou injoignable.',
        },
      },
    };
    let answer: typeof board | typeof down = board;
    fakeServer((url) => (url === '/api/admin/tableau-de-bord' ? json(200, answer) : undefined));
    const first = renderAt(<TableauDeBordPage />);
    let card = await screen.findByRole('region', { name: 'Envoi des courriels' });
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(card.textContent).toContain('(aucun depuis plus de 15 minutes)');
    expect(card.textContent).toContain("Aucune erreur d'envoi ces 7 derniers jours.");
    first.unmount();

    answer = down;
    renderAt(<TableauDeBordPage />);
    card = await screen.findByRole('region', { name: 'Envoi des courriels' });
    expect(within(card).getByText(/3 courriels attendent depuis plus de 15 minutes/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: "En attente d'envoi : 4" }).getAttribute('href')).toBe(
      '/admin/courriels?f.statut=pending',
    );
    expect(within(card).getByRole('link', { name: 'En échec ces 7 derniers jours : 0' }).getAttribute('href')).toBe(
      '/admin/courriels?f.statut=failed',
    );
    expect(card.textContent).toContain(
      "Dernière erreur d'envoi (28/11/2026 10:05:00) : Le serveur de messagerie refuse la connexion : il est arrêté ou injoignable.",
    );
  });

  it('chaque courbe a un titre et son tableau de données derrière « Voir les données »', async () => {
    fakeServer((url) => (url === '/api/admin/tableau-de-bord' ? json(200, board) : undefined));
    renderAt(<TableauDeBordPage />);
    const mails = await screen.findByRole('region', { name: 'Courriels envoyés et en échec' });
    expect(within(mails).getByText('Sur douze mois, par semaine (lundi) : Envoyés : 5, En échec : 1.')).toBeTruthy();
    expect(within(mails).queryByRole('table')).toBeNull();
    const toggle = within(mails).getByRole('button', { name: 'Voir les données' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(mails).getByRole('table', { name: 'Courriels envoyés et en échec, par semaine' });
    // One row per week (empty weeks included) under its header row.
    expect(within(table).getAllByRole('row')).toHaveLength(SEMAINES_TABLEAU_DE_BORD + 1);
    const last = within(table).getByRole('rowheader', { name: '16/03/2026' }).closest('tr') as HTMLElement;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '1']);
    // Three sections (the mail card one of them) and five charts, each named by its heading.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toContain(
      'Offres confirmées et expirées',
    );
    expect(screen.getAllByRole('region')).toHaveLength(8);
  });
});

function BellWithShell() {
  // The shell's query, as the lists read it (the bell is mounted in the shell).
  useNotifications(true);
  return <NotificationsBell />;
}

describe('cloche des notifications', { timeout: 30_000 }, () => {
  it('dit « N nouvelles demandes », les marque vues à l’ouverture et mène aux listes', async () => {
    let counts = { inscriptions: 2, partenaires: 0, etudiants: 1 };
    const fetchMock = fakeServer((url, init) => {
      if (url === '/api/admin/notifications/vues' && init?.method === 'POST')
        counts = { inscriptions: 0, partenaires: 0, etudiants: 0 };
      if (url.startsWith('/api/admin/notifications'))
        return json(200, {
          ageingDays: 7,
          depuis: null,
          total: counts.inscriptions + counts.partenaires + counts.etudiants,
          ...counts,
        });
    });
    renderAt(<BellWithShell />);
    const bell = await screen.findByRole('button', { name: '3 nouvelles demandes' });
    fireEvent.click(bell);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['2 offres de logement', '1 demande étudiante', 'Tableau de bord']);
    // Marked seen: the bell's name says so at once, the menu still shows what was new.
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Aucune nouvelle demande'));
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/admin/notifications/vues')).toHaveLength(1);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '1 demande étudiante' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/etudiants?f.statut=1');
  });
});

describe('liste : « En attente depuis N jours »', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 - 3_600_000).toISOString();
  function Row(props: { id: number; label: string; date?: string; since?: string | null }) {
    useNotifications(true);
    return <StatutAttente {...props} />;
  }
  it('remplace « En attente » au-delà de AGEING_DAYS, laisse les autres statuts et les attentes récentes', async () => {
    fakeServer((url) =>
      url === '/api/admin/notifications'
        ? json(200, { ageingDays: 7, depuis: null, total: 0, inscriptions: 0, partenaires: 0, etudiants: 0 })
        : undefined,
    );
    renderAt(
      <>
        <Row id={STATUT.enAttente} label="En attente" date={daysAgo(12)} />
        <Row id={STATUT.enAttente} label="En attente" date={daysAgo(3)} />
        <Row id={STATUT.valide} label="Validé" date={daysAgo(40)} />
        <Row id={STATUT.valide} label="Validé" since={daysAgo(9)} />
      </>,
    );
    expect(await screen.findByText('En attente depuis 12 jours')).toBeTruthy();
    expect(screen.getByText('En attente')).toBeTruthy();
    expect(screen.getAllByText('Validé')).toHaveLength(2);
    // A validated partner whose proposed changes wait: both.
    expect(screen.getByText('En attente depuis 9 jours')).toBeTruthy();
  });
});
