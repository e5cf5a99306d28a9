import { type SessionUser, STATUT } from '@guichet/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import type { AdminContext } from '../../lib/admin-context.ts';
import { InscriptionDetailPage } from './admin-detail-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const agent: SessionUser = {
  id: 1,
  username: 'agent',
  prenom: 'Anne',
  nom: 'Agent',
  roles: ['ROLE_USER'],
  motDePasseAChanger: false,
};
const statuts = [
  { id: STATUT.enAttente, libelle: 'En attente' },
  { id: STATUT.valide, libelle: 'Validé' },
  { id: STATUT.refuse, libelle: 'Refusé' },
  { id: STATUT.archive, libelle: 'Archivé' },
];
const offer = {
  id: 7,
  date: '2026-11-02T08:00:00.000Z',
  idStatut: STATUT.enAttente,
  statut: 'En attente',
  proprietaire: {
    nom: 'DUPONT',
    prenom: 'Marie',
    telephone: '0612345678',
    email: 'marie.dupont@example.fr',
    adresse: '8 rue Émile Zola',
    cp: '10000',
    ville: 'TROYES',
  },
  logement: {
    proximite: 'Secteur Yschools',
    type: 'T1',
    colocation: 'Non',
    immeuble: 'Oui',
    etage: '3ème étage',
    surface: 'Entre 25 et 30 m²',
    chauffage: 'Individuel gaz',
    loyer: 'Entre 350 et 400 euros',
    charges: '30.50',
    equipement: 'Meublé',
    infoLogement: 'Logement neuf',
    ascenceur: true,
    parking: 'Non',
    typeParking: null,
    localVelo: false,
    caf: 'Oui',
  },
};

/** The offer's page, and each status update kept as sent. */
function renderDetail() {
  const saved: unknown[] = [];
  fakeServer((url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && url === '/api/admin/inscription/get/7') return json(200, offer);
    if (init?.method === 'PUT' && url === '/api/admin/inscription/update/7') {
      saved.push(JSON.parse(String(init.body)));
      return json(200, { status: 'success', message: 'Enregistrement réussi.' });
    }
  });
  const context: AdminContext = { user: agent, statuts };
  renderWithQueries(
    <MemoryRouter initialEntries={['/admin/inscription/7']}>
      <Routes>
        <Route element={<Outlet context={context} />}>
          <Route path="/admin/inscription/:id" element={<InscriptionDetailPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return saved;
}

describe('fiche d’une offre : le refus et son motif', () => {
  it('propose un motif seulement pour refuser, et l’envoie avec le statut', async () => {
    const saved = renderDetail();
    const statut = await screen.findByLabelText('Statut');
    expect(screen.queryByLabelText('Motif du refus (facultatif)')).toBeNull();

    fireEvent.change(statut, { target: { value: String(STATUT.refuse) } });
    const motif = screen.getByLabelText('Motif du refus (facultatif)');
    fireEvent.change(motif, { target: { value: '  Photos manquantes  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await screen.findByText('Enregistrement réussi.');
    expect(saved).toEqual([{ statut: STATUT.refuse, motif: 'Photos manquantes' }]);
  });

  it('valide sans motif, même si un motif avait été tapé avant de changer d’avis', async () => {
    const saved = renderDetail();
    const statut = await screen.findByLabelText('Statut');
    fireEvent.change(statut, { target: { value: String(STATUT.refuse) } });
    fireEvent.change(screen.getByLabelText('Motif du refus (facultatif)'), { target: { value: 'Doublon' } });
    fireEvent.change(statut, { target: { value: String(STATUT.valide) } });
    expect(screen.queryByLabelText('Motif du refus (facultatif)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(saved).toEqual([{ statut: STATUT.valide }]));
  });
});
