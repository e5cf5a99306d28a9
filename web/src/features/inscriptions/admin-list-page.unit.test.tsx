import { formatDate, STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { agentGestion, proprietaire } from '../../../test/fixtures.ts';
import { renderAdminPage } from '../../../test/render.tsx';
import type { AdminContext } from '../../lib/admin-context.ts';
import { InscriptionsListPage } from './admin-list-page.tsx';

const context: AdminContext = { user: agentGestion, statuts: [{ id: STATUT.valide, libelle: 'Validé' }] };
const row = {
  id: 7,
  date: '2026-09-01T08:00:00.000Z',
  dateConfirmation: '2026-10-15T09:00:00.000Z',
  ...proprietaire,
  idStatut: STATUT.valide,
  statut: 'Validé',
  doublon: [],
  tempdata: false,
};

describe('liste des offres : la vérification de disponibilité', () => {
  it('montre la date de dernière confirmation et filtre les offres à confirmer', async () => {
    const fetchMock = fakeServer((url) => {
      if (url.startsWith('/api/admin/inscriptions/get/list/by/filters'))
        return json(200, { count: 1, inscriptions: [row] });
    });
    renderAdminPage(<InscriptionsListPage />, { path: '/admin/inscriptions', context });
    expect(await screen.findByRole('columnheader', { name: /Confirmée le/ })).toBeTruthy();
    expect(await screen.findByText(formatDate('2026-10-15T09:00:00.000Z'))).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Vérification/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'À confirmer' }));
    await waitFor(() => {
      const q = new URL(String(fetchMock.mock.lastCall?.[0]), 'http://localhost').searchParams;
      expect(q.get('filter[verification]')).toBe('a_confirmer');
    });
  });

  it('une offre jamais validée ne montre pas de date de confirmation', async () => {
    const pending = { ...row, id: 8, nom: 'EN ATTENTE', idStatut: STATUT.enAttente, statut: 'En attente' };
    fakeServer((url) => {
      if (url.startsWith('/api/admin/inscriptions/get/list/by/filters'))
        return json(200, { count: 1, inscriptions: [pending] });
    });
    renderAdminPage(<InscriptionsListPage />, { path: '/admin/inscriptions', context });
    await screen.findByText('En attente');
    expect(screen.queryByText(formatDate(pending.dateConfirmation))).toBeNull();
  });
});
