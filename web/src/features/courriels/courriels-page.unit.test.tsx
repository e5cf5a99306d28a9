import { COURRIEL_MESSAGES, LIEN_PERSONNEL_MASQUE } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { CourrielsPage } from './courriels-page.tsx';

const mail = (id: number, over: Record<string, unknown>) => ({
  id,
  date: '2026-09-01T08:00:00.000Z',
  destinataire: `etudiant${id}@exemple.fr`,
  objet: `Liste des logements privés ${id}`,
  type: 'liste_logements',
  statut: 'failed',
  tentatives: 8,
  derniereErreur: 'Le serveur de messagerie refuse la connexion : il est arrêté ou injoignable.',
  dateEnvoi: null,
  entite: 'etudiant',
  entiteId: id,
  ...over,
});
const rows = [
  mail(3, {}),
  mail(2, {}),
  mail(1, { statut: 'sent', tentatives: 1, derniereErreur: null, dateEnvoi: '2026-09-01T08:00:05.000Z' }),
  // Queued long ago and still trying; and one just queued: a landlord's personal link, not sent yet.
  mail(4, { statut: 'pending', tentatives: 3 }),
  mail(5, {
    statut: 'pending',
    tentatives: 0,
    derniereErreur: null,
    date: new Date().toISOString(),
    type: 'lien_personnel',
    objet: 'Votre lien personnel',
    entite: 'inscription',
  }),
];

const PENDING_TEXT = `Bonjour,\n\nVotre offre : ${LIEN_PERSONNEL_MASQUE}\n\nLe guichet`;
const FRENCH = 'Le serveur de messagerie refuse la connexion : il est arrêté ou injoignable.';
const RAW = 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525';

type Answers = {
  roles: string[];
  renvoi?: (ids: number[]) => Response;
  compte?: (url: string) => Response;
  filtres?: (body: { liste: unknown; attendu: number }) => Response;
};
/** The server: the agent, the list, one mail's detail (raw error for an administrator), the resends. */
function server(a: Answers) {
  const sent: unknown[] = [];
  const admin = a.roles.includes('ROLE_ADMIN');
  const fetchMock = fakeServer((url, init) => {
    if (url === '/api/user/get/current')
      return json(200, {
        logged: true,
        user: { id: 1, username: 'camille', prenom: 'Camille', nom: 'Test', roles: a.roles, motDePasseAChanger: false },
      });
    if (url.startsWith('/api/admin/courriels/get/list/by/filters'))
      return json(200, { count: rows.length, courriels: rows });
    if (url === '/api/admin/courriel/get/3')
      return json(200, {
        courriel: {
          ...rows[0],
          texte: 'Bonjour,\n\nVoici la liste des logements privés.\n',
          piecesJointes: ['Liste des logements privés.pdf'],
          derniereErreurBrute: admin ? RAW : null,
        },
      });
    // Not sent yet, it still holds its link: the server masks it before the text leaves
    // (server/src/features/courriels/courriels.test.ts proves that); this is its answer.
    if (url === '/api/admin/courriel/get/5')
      return json(200, {
        courriel: { ...rows[4], texte: PENDING_TEXT, piecesJointes: [], derniereErreurBrute: null },
      });
    if (url === '/api/admin/courriels/renvoyer' && init?.method === 'POST' && a.renvoi) {
      const { ids } = JSON.parse(String(init.body));
      sent.push(ids);
      return a.renvoi(ids);
    }
    if (url.startsWith('/api/admin/courriels/renvoyer/compte') && a.compte) return a.compte(url);
    if (url === '/api/admin/courriels/renvoyer/filtres' && init?.method === 'POST' && a.filtres) {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return a.filtres(body);
    }
  });
  return { fetchMock, sent };
}

function renderPage(entry = '/admin/courriels') {
  renderWithQueries(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/admin/courriels" element={<CourrielsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const grid = () => screen.getByRole('grid', { name: 'Courriels' });
const line = (text: string) => within(grid()).getByText(text).closest('[role="row"]') as HTMLElement;

describe('Courriels', { timeout: 60_000 }, () => {
  it('un agent : statut, type et erreur en français, sans case à cocher ni renvoi ; le détail sans erreur brute', async () => {
    server({ roles: ['ROLE_USER'] });
    renderPage();
    expect(await within(grid()).findByText('etudiant3@exemple.fr')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText('En échec')).toBeTruthy();
    expect(within(line('etudiant1@exemple.fr')).getByText('Envoyé')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText('Liste des logements')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText(FRENCH)).toBeTruthy();
    expect(within(grid()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Renvoyer/ })).toBeNull();
    // A mail waiting too long says so; one just queued does not.
    expect(line('etudiant4@exemple.fr').textContent).toContain('En attente depuis plus de 15 min');
    expect(line('etudiant5@exemple.fr').textContent).not.toContain('depuis plus de');

    fireEvent.click(within(grid()).getByRole('button', { name: 'Liste des logements privés 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courriel n° 3' });
    expect(await within(dialog).findByText('Liste des logements privés.pdf')).toBeTruthy();
    expect(within(dialog).getByText(FRENCH)).toBeTruthy();
    expect(dialog.textContent).not.toContain('ECONNREFUSED');
    expect(within(dialog).queryByRole('button', { name: 'Renvoyer' })).toBeNull();
  });

  it('l’administrateur renvoie les échecs de la liste filtrée après une confirmation qui les compte', async () => {
    const compte: string[] = [];
    const { sent } = server({
      roles: ['ROLE_ADMIN'],
      compte: (url) => {
        compte.push(url);
        return json(200, { enEchec: 3, renvoyables: 2 });
      },
      filtres: (body) =>
        json(200, { status: 'success', message: COURRIEL_MESSAGES.renvoyes(body.attendu), renvoyes: [2, 3] }),
    });
    renderPage('/admin/courriels?f.type=liste_logements&recherche=etudiant');
    expect(await within(grid()).findByText('etudiant3@exemple.fr')).toBeTruthy();
    expect(within(grid()).queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Renvoyer les courriels en échec' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer les courriels en échec de la liste ?' });
    // The list's own search and filter, counted by the server.
    expect(decodeURIComponent(compte[0])).toContain('filter[type]=liste_logements');
    expect(decodeURIComponent(compte[0])).toContain('search=etudiant');
    expect(dialog.textContent).toContain(
      "2 courriels en échec de la liste affichée (type « Liste des logements », recherche « etudiant ») seront remis en file d'envoi.",
    );
    expect(dialog.textContent).toContain('1 courriel en échec a perdu son lien personnel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer 2 courriels' }));
    await waitFor(() =>
      expect(sent).toEqual([{ liste: { search: 'etudiant', filter: { type: 'liste_logements' } }, attendu: 2 }]),
    );
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(COURRIEL_MESSAGES.renvoyes(2));
  });

  it('« Annuler » ne renvoie rien ; une liste changée entre-temps s’affiche en erreur', async () => {
    const { sent } = server({
      roles: ['ROLE_ADMIN'],
      compte: () => json(200, { enEchec: 2, renvoyables: 2 }),
      filtres: (body) =>
        json(409, {
          status: 'error',
          message: COURRIEL_MESSAGES.listeChangee(body.attendu, 1),
          errors: [{ key: 'attendu', error: COURRIEL_MESSAGES.listeChangee(body.attendu, 1) }],
        }),
    });
    renderPage();
    const open = await screen.findByRole('button', { name: 'Renvoyer les courriels en échec' });
    fireEvent.click(open);
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    fireEvent.click(open);
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer 2 courriels' }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toBe(COURRIEL_MESSAGES.listeChangee(2, 1));
  });

  it('le détail pour l’administrateur : l’erreur brute en plus ; « Renvoyer » depuis le détail ; un refus s’affiche', async () => {
    const { sent } = server({
      roles: ['ROLE_ADMIN'],
      renvoi: (ids) =>
        json(409, {
          status: 'error',
          message: COURRIEL_MESSAGES.renvoiImpossible(ids),
          errors: [{ key: 'ids', error: COURRIEL_MESSAGES.pasEnEchec(ids[0], 'pending') }],
        }),
    });
    renderPage();
    fireEvent.click(await within(grid()).findByRole('button', { name: 'Liste des logements privés 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courriel n° 3' });
    expect(await within(dialog).findByText(FRENCH)).toBeTruthy();
    expect(within(dialog).getByText(RAW)).toBeTruthy();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => expect(sent).toEqual([[3]]));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toBe(COURRIEL_MESSAGES.renvoiImpossible([3]));
  });

  it('un lien personnel pas encore envoyé : son texte tel que le serveur le donne, lignes gardées ; ni erreur ni « Renvoyer »', async () => {
    server({ roles: ['ROLE_ADMIN'] });
    renderPage();
    expect(
      within(await screen.findByRole('row', { name: /etudiant5@exemple\.fr/ })).getByText('En attente'),
    ).toBeTruthy();
    fireEvent.click(within(grid()).getByRole('button', { name: 'Votre lien personnel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courriel n° 5' });
    const texte = await within(dialog).findByText(/Votre offre :/);
    // Shown whole, line breaks kept (a <pre>), the masked link where the server put it.
    expect(texte.tagName).toBe('PRE');
    expect(texte.textContent).toBe(PENDING_TEXT);
    expect(within(dialog).getByText('En attente')).toBeTruthy();
    // Nothing failed yet: no error to read, nothing to resend, even for an administrator.
    expect(within(dialog).queryByText('Dernière erreur')).toBeNull();
    expect(within(dialog).queryByText('Détail technique')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Renvoyer' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
