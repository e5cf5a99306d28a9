import { COURRIEL_MESSAGES, LIEN_PERSONNEL_MASQUE } from '@guichet/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { CourrielsPage } from './courriels-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const mail = (id: number, over: Record<string, unknown>) => ({
  id,
  date: '2026-09-01T08:00:00.000Z',
  destinataire: `etudiant${id}@exemple.fr`,
  objet: `Liste des logements privés ${id}`,
  type: 'liste_logements',
  statut: 'failed',
  tentatives: 8,
  derniereErreur: 'connect ECONNREFUSED 127.0.0.1:2525',
  dateEnvoi: null,
  entite: 'etudiant',
  entiteId: id,
  ...over,
});
const rows = [
  mail(3, {}),
  mail(2, {}),
  mail(1, { statut: 'sent', tentatives: 1, derniereErreur: null, dateEnvoi: '2026-09-01T08:00:05.000Z' }),
];

/** The server: the list, one mail's detail, and « Renvoyer » answered by `renvoi`. */
function server(renvoi: (ids: number[]) => Response) {
  const sent: number[][] = [];
  const fetchMock = fakeServer((url, init) => {
    if (url.startsWith('/api/admin/courriels/get/list/by/filters')) return json(200, { count: 3, courriels: rows });
    if (url === '/api/admin/courriel/get/3')
      return json(200, {
        courriel: {
          ...rows[0],
          texte: `Bonjour,\n\nVérifier mes informations : ${LIEN_PERSONNEL_MASQUE}\n`,
          piecesJointes: ['Liste des logements privés.pdf'],
        },
      });
    if (url === '/api/admin/courriels/renvoyer' && init?.method === 'POST') {
      const { ids } = JSON.parse(String(init.body));
      sent.push(ids);
      return renvoi(ids);
    }
  });
  return { fetchMock, sent };
}

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={['/admin/courriels']}>
      <Routes>
        <Route path="/admin/courriels" element={<CourrielsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const grid = () => screen.getByRole('grid', { name: 'Courriels' });
const line = (text: string) => within(grid()).getByText(text).closest('[role="row"]') as HTMLElement;
const box = (text: string) => within(line(text)).getByRole('checkbox') as HTMLInputElement;

describe('Courriels', { timeout: 60_000 }, () => {
  it('montre statut et type en français ; tout sélectionner ne coche que les échecs ; décocher un puis Renvoyer', async () => {
    const { sent } = server((ids) =>
      json(200, { status: 'success', message: COURRIEL_MESSAGES.renvoyes(ids.length), renvoyes: ids }),
    );
    renderPage();
    expect(await within(grid()).findByText('etudiant3@exemple.fr')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText('En échec')).toBeTruthy();
    expect(within(line('etudiant1@exemple.fr')).getByText('Envoyé')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText('Liste des logements')).toBeTruthy();
    expect(within(line('etudiant3@exemple.fr')).getByText(/ECONNREFUSED/)).toBeTruthy();
    // A sent mail cannot be ticked.
    expect(box('etudiant1@exemple.fr').disabled).toBe(true);
    const renvoyer = screen.getByRole('button', { name: 'Renvoyer' }) as HTMLButtonElement;
    expect(renvoyer.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: /^(Dés|S)électionner toutes les lignes$/ }));
    await waitFor(() => expect(box('etudiant3@exemple.fr').checked).toBe(true));
    expect(box('etudiant2@exemple.fr').checked).toBe(true);
    expect(box('etudiant1@exemple.fr').checked).toBe(false);
    fireEvent.click(box('etudiant3@exemple.fr'));
    await waitFor(() => expect(screen.getByText('1 ligne sélectionnée')).toBeTruthy());

    fireEvent.click(renvoyer);
    await waitFor(() => expect(sent).toEqual([[2]]));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(COURRIEL_MESSAGES.renvoyes(1));
    await waitFor(() => expect(document.activeElement).toBe(done));
    // The selection is gone with the action.
    await waitFor(() => expect(box('etudiant2@exemple.fr').checked).toBe(false));
  });

  it('le détail montre le texte (lien masqué) et les pièces jointes ; « Renvoyer » depuis le détail ; un refus s’affiche', async () => {
    const { sent } = server((ids) =>
      json(409, {
        status: 'error',
        message: COURRIEL_MESSAGES.renvoiImpossible(ids),
        errors: [{ key: 'ids', error: COURRIEL_MESSAGES.pasEnEchec(ids[0], 'pending') }],
      }),
    );
    renderPage();
    fireEvent.click(await within(grid()).findByRole('button', { name: 'Liste des logements privés 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courriel n° 3' });
    expect(await within(dialog).findByText(/Vérifier mes informations : \[lien personnel masqué\]/)).toBeTruthy();
    expect(within(dialog).getByText('Liste des logements privés.pdf')).toBeTruthy();
    expect(within(dialog).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => expect(sent).toEqual([[3]]));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toBe(COURRIEL_MESSAGES.renvoiImpossible([3]));
  });
});
