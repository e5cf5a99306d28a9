import { formatDateTime } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { journalLigne } from '../../../test/fixtures.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { JournalPage } from './journal-page.tsx';

const rows = [
  journalLigne(3, {}),
  journalLigne(2, {
    action: 'partenaire.modification',
    entite: 'partenaire',
    entiteId: 7,
    resume: '« Vélo Campus » modifié : Nom du partenaire, Activé',
    avant: { nom: 'Vélo Campus', actif: false },
    apres: { nom: 'Vélo Campus Troyes', actif: true },
  }),
  journalLigne(1, {
    action: 'connexion',
    entite: 'agent',
    entiteId: 1,
    resume: 'Connexion réussie',
    avant: null,
    apres: null,
  }),
];

/** The server: the journal's list, each query string it was asked with kept. */
function server() {
  const asked: URLSearchParams[] = [];
  fakeServer((url) => {
    if (url.startsWith('/api/admin/journal/get/list/by/filters')) {
      asked.push(new URLSearchParams(url.split('?')[1] ?? ''));
      return json(200, { count: 3, journal: rows });
    }
  });
  return asked;
}

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={['/admin/journal']}>
      <Routes>
        <Route path="/admin/journal" element={<JournalPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const grid = () => screen.getByRole('grid', { name: 'Journal' });
const line = (text: string) => within(grid()).getByText(text).closest('[role="row"]') as HTMLElement;

describe('Journal', { timeout: 60_000 }, () => {
  it('montre qui, quand, quoi en français, le lien vers la fiche, et avant / après dans une fenêtre', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeTruthy();
    const statut = await within(grid()).findByText('Offre n° 42 : En attente → Validé');
    const row = statut.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText(formatDateTime('2026-11-20T09:30:00.000Z'))).toBeTruthy();
    expect(within(row).getByText('Marie MARTIN (m.martin)')).toBeTruthy();
    expect(within(row).getByText('Statut d’une offre')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Offre de logement n° 42' }).getAttribute('href')).toBe(
      '/admin/inscription/42',
    );
    // A login changed no value: no « Avant / après ».
    expect(within(line('Connexion réussie')).queryByRole('button', { name: 'Avant / après' })).toBeNull();

    fireEvent.click(within(line('« Vélo Campus » modifié : Nom du partenaire, Activé')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Fiche partenaire modifiée' });
    const table = within(dialog).getByRole('table', { name: 'Valeurs avant et après' });
    const cells = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The partner's field names, yes/no in French.
    expect(cells('Nom du partenaire')).toEqual(['Vélo Campus', 'Vélo Campus Troyes']);
    expect(cells('Activé')).toEqual(['Non', 'Oui']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('filtre par action et période : le serveur reçoit les filtres', async () => {
    const asked = server();
    renderPage();
    await within(grid()).findByText('Connexion réussie');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Action/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Statut d’une offre' }));
    await waitFor(() => expect(asked.at(-1)?.get('filter[action]')).toBe('inscription.statut'));
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(asked.at(-1)?.get('filter[du]')).toBe('2026-11-01'));
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeTruthy();
  });
});
