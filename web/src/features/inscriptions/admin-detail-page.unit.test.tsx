import { formatDateTime, STATUT, VERSION_MESSAGES } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { agentGestion, logement, proprietaire, statuts } from '../../../test/fixtures.ts';
import { renderAdminPage } from '../../../test/render.tsx';
import type { AdminContext } from '../../lib/admin-context.ts';
import { InscriptionDetailPage } from './admin-detail-page.tsx';
import type { InscriptionDetail } from './inscriptions-api.ts';

const offer: InscriptionDetail = {
  id: 7,
  date: '2026-11-02T08:00:00.000Z',
  idStatut: STATUT.enAttente,
  statut: 'En attente',
  dateConfirmation: '2026-11-02T08:00:00.000Z',
  motifArchivage: null,
  motifArchivageTexte: null,
  historique: [{ date: '2026-11-02T08:00:00.000Z', type: 'recue', detail: null }],
  tempdata: null,
  doublons: [],
  version: 'v1',
  proprietaire,
  logement,
};

/** The offer's page, and each status update kept as sent. */
function renderDetail(shown = offer) {
  const saved: unknown[] = [];
  fakeServer((url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && url === '/api/admin/inscription/get/7') return json(200, shown);
    if (init?.method === 'PUT' && url === '/api/admin/inscription/update/7') {
      saved.push(JSON.parse(String(init.body)));
      return json(200, { status: 'success', message: 'Enregistrement réussi.' });
    }
  });
  const context: AdminContext = { user: agentGestion, statuts };
  renderAdminPage(<InscriptionDetailPage />, {
    path: '/admin/inscription/:id',
    entry: '/admin/inscription/7',
    context,
  });
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
    expect(saved).toEqual([{ statut: STATUT.refuse, motif: 'Photos manquantes', version: 'v1' }]);
  });

  it('valide sans motif, même si un motif avait été tapé avant de changer d’avis', async () => {
    const saved = renderDetail();
    const statut = await screen.findByLabelText('Statut');
    fireEvent.change(statut, { target: { value: String(STATUT.refuse) } });
    fireEvent.change(screen.getByLabelText('Motif du refus (facultatif)'), { target: { value: 'Doublon' } });
    fireEvent.change(statut, { target: { value: String(STATUT.valide) } });
    expect(screen.queryByLabelText('Motif du refus (facultatif)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(saved).toEqual([{ statut: STATUT.valide, version: 'v1' }]));
  });
});

describe('fiche d’une offre : l’historique', () => {
  it('liste les actions datées, la plus ancienne d’abord, avec leurs mots, et le motif d’archivage', async () => {
    renderDetail({
      ...offer,
      idStatut: STATUT.archive,
      statut: 'Archivé',
      motifArchivage: 'loue',
      motifArchivageTexte: 'Loué à une étudiante.',
      historique: [
        { date: '2026-11-02T08:00:00.000Z', type: 'recue', detail: null },
        { date: '2026-11-03T09:30:00.000Z', type: 'validee', detail: null },
        { date: '2026-12-03T07:00:00.000Z', type: 'relance', detail: null },
        { date: '2026-12-04T17:15:00.000Z', type: 'louee', detail: 'Loué à une étudiante.' },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Historique' });
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      `${formatDateTime('2026-11-02T08:00:00.000Z')} — Offre reçue`,
      `${formatDateTime('2026-11-03T09:30:00.000Z')} — Validée par le guichet`,
      `${formatDateTime('2026-12-03T07:00:00.000Z')} — Vérification envoyée`,
      `${formatDateTime('2026-12-04T17:15:00.000Z')} — Logement loué« Loué à une étudiante. »`,
    ]);
    expect(within(section).getByText('Motif de l’archivage : Logement loué — « Loué à une étudiante. »')).toBeTruthy();
  });

  it('donne le motif d’un refus et la date de dernière confirmation d’une offre validée', async () => {
    renderDetail({
      ...offer,
      idStatut: STATUT.valide,
      statut: 'Validé',
      dateConfirmation: '2026-11-20T10:00:00.000Z',
      historique: [
        { date: '2026-11-03T09:30:00.000Z', type: 'refusee', detail: 'Adresse incomplète.' },
        { date: '2026-11-05T09:30:00.000Z', type: 'validee', detail: null },
        { date: '2026-11-20T10:00:00.000Z', type: 'confirmee', detail: null },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Historique' });
    expect(within(section).getByText('Motif : Adresse incomplète.')).toBeTruthy();
    expect(within(section).getByText('Disponibilité confirmée par le propriétaire', { exact: false })).toBeTruthy();
    expect(
      within(section).getByText(`Disponibilité confirmée le ${formatDateTime('2026-11-20T10:00:00.000Z')}`),
    ).toBeTruthy();
    expect(within(section).queryByText(/Motif de l’archivage/)).toBeNull();
  });
});

describe('fiche d’une offre : modifiée depuis son ouverture (409)', () => {
  it('dit ce qui a changé, garde la saisie de l’agent, et recharge à la demande', async () => {
    const changed: InscriptionDetail = {
      ...offer,
      version: 'v2',
      proprietaire: { ...proprietaire, telephone: '0799999999', email: 'autre@example.com' },
    };
    let stored = offer;
    const sent: unknown[] = [];
    fakeServer((url, init) => {
      if ((init?.method ?? 'GET') === 'GET' && url === '/api/admin/inscription/get/7') return json(200, stored);
      if (init?.method === 'PUT' && url === '/api/admin/inscription/update/7') {
        sent.push(JSON.parse(String(init.body)));
        return json(409, { status: 'error', message: VERSION_MESSAGES.inscription, errors: [] });
      }
    });
    renderAdminPage(<InscriptionDetailPage />, {
      path: '/admin/inscription/:id',
      entry: '/admin/inscription/7',
      context: { user: agentGestion, statuts },
    });
    const statut = await screen.findByLabelText('Statut');
    // The landlord changes the offer after the agent opened it.
    stored = changed;
    fireEvent.change(statut, { target: { value: String(STATUT.valide) } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const alert = await screen.findByText(/Ce qui a changé : Téléphone, Adresse de courriel/);
    expect(alert.closest('[role="alert"]')?.textContent).toContain(VERSION_MESSAGES.inscription);
    expect(sent).toEqual([{ statut: STATUT.valide, version: 'v1' }]);
    // What the agent saw and chose stays on screen until the reload.
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe(String(STATUT.valide));
    expect(screen.getByText(proprietaire.email)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    await screen.findByText('autre@example.com');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Recharger' })).toBeNull());
  });
});
