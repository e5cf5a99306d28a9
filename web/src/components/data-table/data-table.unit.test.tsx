import { etudiantEndpoints, MESSAGES } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { DataTable, type ListRow, type TableColumn } from './data-table.tsx';

/** The real student list of the contract: its sort columns and row type drive the table. */
const list = etudiantEndpoints.list;
type Row = ListRow<typeof list>;
const columns: TableColumn<typeof list>[] = [
  { field: 'email', headerName: 'Email', flex: 1 },
  { field: 'ecole', headerName: 'École envisagée', flex: 1 },
];

const row = (id: number): Row => ({
  id,
  date: '2026-09-01T08:00:00.000Z',
  email: `etudiant${id}@exemple.fr`,
  adresse: '',
  cp: '10000',
  pays: 'FR',
  ville: 'TROYES',
  ecole: 'UTT',
  idStatut: 1,
  statut: 'En attente',
  courrielEchec: null,
});

/**
 * The server, as `fetch` sees it: `total` requests, answered page by page as the query asks
 * (`page`, `rowsPerPage`), so that what the grid shows follows what it asked for. With `cap`, a
 * full page of more than `cap` matches has its total as the list's server gives it: a lower bound.
 */
function server(total: number, cap = Number.POSITIVE_INFINITY) {
  return fakeServer((url) => {
    const q = new URL(url, 'http://localhost').searchParams;
    const size = Number(q.get('rowsPerPage'));
    const first = Number(q.get('page')) * size + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - first + 1)) }, (_, i) => first + i);
    if (total > cap && ids.length === size) {
      const count = Math.max(cap, first + size - 1);
      return json(200, { count, countIsLowerBound: true, etudiants: ids.map(row) });
    }
    return json(200, { count: total, etudiants: ids.map(row) });
  });
}
/** The query of the last call, decoded (`sort[name]` as written in the URL). */
const lastQuery = (fetchMock: ReturnType<typeof server>) => {
  const url = String(fetchMock.mock.lastCall?.[0]);
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
};

/** What the action button was given: the ids of the rows reported as selected. */
let acted: number[][] = [];
function renderTable() {
  return renderWithQueries(
    <BrowserRouter>
      <DataTable
        title="Demandes étudiants"
        endpoint={list}
        columns={columns}
        defaultSort={{ name: 'date', direction: 'desc' }}
        selectionActions={({ selected }) => (
          <button type="button" onClick={() => acted.push(selected.map((r) => r.id))}>
            Agir
          </button>
        )}
      />
    </BrowserRouter>,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Demandes étudiants' });
const shown = async (email: string) => within(grid()).findByText(email);
/** Ticks or unticks a row's box (its name says which it will do). */
const tick = (email: string) => {
  const line = within(grid()).getByText(email).closest('[role="row"]') as HTMLElement;
  fireEvent.click(within(line).getByRole('checkbox', { name: /^(Dés|S)électionner la ligne$/ }));
};
/** From the first page of 25 rows to the second, once shown. */
const toSecondPage = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
  await shown('etudiant11@exemple.fr');
};
const selectAll = () =>
  fireEvent.click(screen.getByRole('checkbox', { name: /^(Dés|S)électionner toutes les lignes$/ }));
const act = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Agir' }));
  return acted.at(-1);
};

beforeEach(() => {
  acted = [];
  window.history.replaceState(null, '', '/admin/etudiants');
});

describe('DataTable sur une liste du contrat', { timeout: 60_000 }, () => {
  it('demande la première page, triée par défaut, et montre ses lignes', async () => {
    const fetchMock = server(25);
    renderTable();
    await shown('etudiant10@exemple.fr');
    expect(fetchMock.mock.lastCall?.[0]).toMatch(/^\/api\/admin\/etudiants\/get\/list\/by\/filters\?/);
    expect(lastQuery(fetchMock)).toMatchObject({
      page: '0',
      rowsPerPage: '10',
      'sort[name]': 'date',
      'sort[direction]': 'desc',
    });
    expect(screen.getByText('1–10 sur 25')).toBeTruthy();
  });

  it('page suivante : demande la page 2 au serveur, la montre et y reste', async () => {
    const fetchMock = server(25);
    renderTable();
    await shown('etudiant1@exemple.fr');
    await toSecondPage();
    expect(lastQuery(fetchMock)).toMatchObject({ page: '1', rowsPerPage: '10', 'sort[name]': 'date' });
    expect(screen.getByText('11–20 sur 25')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('1');
    // The defect once seen: the grid read its rebuilt sort model as a new sort and went back to page 1.
    await new Promise((r) => setTimeout(r, 50));
    expect(lastQuery(fetchMock).page).toBe('1');
    expect(within(grid()).queryByText('etudiant1@exemple.fr')).toBeNull();
  });

  it('clic sur un en-tête : demande ce tri, croissant puis décroissant, depuis la page 1', async () => {
    const fetchMock = server(25);
    renderTable();
    await shown('etudiant1@exemple.fr');
    await toSecondPage();

    fireEvent.click(screen.getByRole('columnheader', { name: /Email/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ 'sort[name]': 'email', 'sort[direction]': 'asc', page: '0' }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /Email/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ 'sort[name]': 'email', 'sort[direction]': 'desc' }),
    );
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('lignes par page : demande 20 lignes, de la page 1, en gardant le tri', async () => {
    const fetchMock = server(45);
    renderTable();
    await shown('etudiant1@exemple.fr');
    fireEvent.click(screen.getByRole('columnheader', { name: /École envisagée/ }));
    await waitFor(() => expect(lastQuery(fetchMock)['sort[name]']).toBe('ecole'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Lignes par page/ }));
    fireEvent.click(await screen.findByRole('option', { name: '20' }));
    await shown('etudiant20@exemple.fr');
    expect(lastQuery(fetchMock)).toMatchObject({ rowsPerPage: '20', page: '0', 'sort[name]': 'ecole' });
    expect(screen.getByText('1–20 sur 45')).toBeTruthy();
  });

  it('cases cochées une à une : l’action reçoit exactement ces lignes', async () => {
    server(25);
    renderTable();
    await shown('etudiant1@exemple.fr');
    expect(act()).toEqual([]);
    tick('etudiant3@exemple.fr');
    expect(screen.getByText('1 ligne sélectionnée')).toBeTruthy();
    tick('etudiant7@exemple.fr');
    // One counter, in French plural: the grid's own footer counter is not shown beside it.
    expect(screen.getAllByText(/lignes? sélectionnées?$/).map((e) => e.textContent)).toEqual([
      '2 lignes sélectionnées',
    ]);
    expect(act()).toEqual([3, 7]);
    tick('etudiant3@exemple.fr');
    expect(act()).toEqual([7]);
  });

  it('« tout sélectionner » puis décocher une ligne : l’action reçoit toutes les autres, pas celle-là', async () => {
    server(25);
    renderTable();
    await shown('etudiant1@exemple.fr');
    selectAll();
    expect(screen.getByText('10 lignes sélectionnées')).toBeTruthy();
    expect(act()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    tick('etudiant4@exemple.fr');
    expect(screen.getByText('9 lignes sélectionnées')).toBeTruthy();
    expect(act()).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    selectAll();
    selectAll();
    expect(act()).toEqual([]);
  });

  it('changer de page vide la sélection : l’action ne touche aucune ligne de l’autre page ni de la précédente', async () => {
    server(25);
    renderTable();
    await shown('etudiant1@exemple.fr');
    tick('etudiant2@exemple.fr');
    selectAll();
    expect(act()).toHaveLength(10);

    await toSecondPage();
    expect(screen.getByText('Aucune ligne sélectionnée')).toBeTruthy();
    expect(act()).toEqual([]);
    for (const box of within(grid()).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    tick('etudiant12@exemple.fr');
    expect(act()).toEqual([12]);
  });

  it('total au-delà du plafond du serveur : « plus de 10 000 », et la page suivante reste ouverte', async () => {
    const fetchMock = server(83_333, 10_000);
    renderTable();
    await shown('etudiant10@exemple.fr');
    expect(screen.getByText(/^1–10 sur plus de 10\s000$/)).toBeTruthy();
    await toSecondPage();
    expect(lastQuery(fetchMock).page).toBe('1');
    expect(screen.getByText(/^11–20 sur plus de 10\s000$/)).toBeTruthy();
  });

  it('un total exact après un total plafonné : la pagination redevient « sur N »', async () => {
    server(83_333, 10_000);
    renderTable();
    await shown('etudiant10@exemple.fr');
    server(25);
    fireEvent.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
    expect(await screen.findByText('11–20 sur 25')).toBeTruthy();
  });

  it('liste vide : le message « aucun enregistrement »', async () => {
    server(0);
    renderTable();
    expect(await within(grid()).findByText(MESSAGES.aucunEnregistrement)).toBeTruthy();
  });

  it('liste refusée par le serveur : l’erreur et sa raison, en français', async () => {
    // The server's answer to a sort on a column the list does not have.
    fakeServer(() =>
      json(400, {
        status: 'error',
        message: MESSAGES.requeteInvalide,
        errors: [{ key: 'sort', error: 'Colonne de tri inconnue.' }],
      }),
    );
    renderTable();
    expect((await screen.findByText(/La liste n'a pas pu être chargée/)).textContent).toBe(
      `La liste n'a pas pu être chargée. ${MESSAGES.requeteInvalide} Colonne de tri inconnue.`,
    );
  });
});
