import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { journalLigne } from '../../../test/fixtures.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { HistoriqueJournal } from './historique-journal.tsx';

const validee = journalLigne(5);
const archivee = journalLigne(9, {
  date: '2026-11-21T10:00:00.000Z',
  resume: 'Offre n° 42 : Validé → Archivé',
  avant: { statut: 'Validé' },
  apres: { statut: 'Archivé' },
});

/** A detail page whose record changes after an action (a new object, as TanStack Query gives it). */
function Page() {
  const [record, setRecord] = useState({ idStatut: 2 });
  return (
    <>
      <button type="button" onClick={() => setRecord({ idStatut: 4 })}>
        Archiver
      </button>
      <HistoriqueJournal entite="inscription" id={42} record={record} />
    </>
  );
}

describe('Historique d’une fiche', { timeout: 30_000 }, () => {
  it('liste les actions du guichet sur la fiche, le détail avant / après, et suit la fiche rechargée', async () => {
    let answer = [validee];
    const fetchMock = fakeServer((url) => {
      if (url === '/api/admin/journal/inscription/42') return json(200, { lignes: answer });
    });
    renderWithQueries(<Page />);
    const section = await screen.findByRole('region', { name: 'Historique des actions du guichet' });
    expect(await within(section).findByText('Offre n° 42 : En attente → Validé')).toBeTruthy();
    expect(within(section).getByText(/Statut d’une offre, par Marie MARTIN \(m\.martin\)/)).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: /Voir le détail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Statut d’une offre' });
    const row = within(dialog).getByRole('rowheader', { name: 'Statut' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['En attente', 'Validé']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The page read its record again after an action: the history follows, newest first.
    answer = [archivee, validee];
    fireEvent.click(screen.getByRole('button', { name: 'Archiver' }));
    expect(await within(section).findByText('Offre n° 42 : Validé → Archivé')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('dit quand aucune action n’est enregistrée', async () => {
    fakeServer(() => json(200, { lignes: [] }));
    renderWithQueries(<HistoriqueJournal entite="partenaire" id={3} titre="Historique" />);
    expect(await screen.findByText('Aucune action du guichet enregistrée.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Historique' })).toBeTruthy();
  });
});
