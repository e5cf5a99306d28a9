import { MESSAGES, MODIFICATION_MESSAGES, STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { agentGestion, logement, proprietaire, statuts } from '../../../test/fixtures.ts';
import { renderAdminPage } from '../../../test/render.tsx';
import type { AdminContext } from '../../lib/admin-context.ts';
import { InscriptionDetailPage } from './admin-detail-page.tsx';
import type { InscriptionDetail } from './inscriptions-api.ts';

const PROPOSEE = '2026-11-03T09:15:00.000Z';
const offer: InscriptionDetail = {
  id: 7,
  date: '2026-11-02T08:00:00.000Z',
  idStatut: STATUT.valide,
  statut: 'Validé',
  dateConfirmation: '2026-11-02T08:00:00.000Z',
  motifArchivage: null,
  motifArchivageTexte: null,
  historique: [],
  doublons: [],
  version: 'v1',
  proprietaire,
  logement,
  tempdata: {
    date: PROPOSEE,
    proprietaire: { ...proprietaire, telephone: '0698765432' },
    logement: { ...logement, immeuble: 'Non', etage: null, charges: '40.00' },
  },
};
const decided = { ...offer, tempdata: null };

/** The offer's page: the offer before and after the decision, and each decision kept as sent. */
function renderDetail(answer: Response, states: InscriptionDetail[] = [offer, decided]) {
  const sent: { url: string; body: unknown }[] = [];
  fakeServer((url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && url === '/api/admin/inscription/get/7')
      return json(200, states.length > 1 ? states.shift() : states[0]);
    // The staff history beside it: none yet.
    if (url === '/api/admin/journal/inscription/7') return json(200, { lignes: [] });
    if (init?.method === 'PUT' && url.includes('/update/7')) {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return answer;
    }
  });
  const context: AdminContext = { user: agentGestion, statuts };
  renderAdminPage(<InscriptionDetailPage />, {
    path: '/admin/inscription/:id',
    entry: '/admin/inscription/7',
    context,
  });
  return sent;
}

const region = () => screen.findByRole('region', { name: 'Modifications proposées par le propriétaire' });
const row = (key: string) => document.querySelector(`tr[data-champ="${key}"]`) as HTMLElement;

describe('fiche d’une offre : les modifications proposées par le propriétaire', { timeout: 30_000 }, () => {
  it('les montre côte à côte avec l’offre, les changements marqués, puis « Valider » les applique', async () => {
    const sent = renderDetail(json(200, { status: 'success', message: MODIFICATION_MESSAGES.validees }));
    const panel = await region();
    expect(panel.textContent).toContain('Le propriétaire a modifié son offre le 03/11/2026 10:15:00');
    expect(
      within(row('telephone'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['06 12 34 56 78', '06 98 76 54 32']);
    expect(row('telephone').getAttribute('data-modifie')).toBe('oui');
    expect(
      within(row('etage'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3ème étage', 'Sans objet']);
    expect(
      within(row('charges'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['30,50 €', '40,00 €']);
    expect(
      within(row('ascenceur'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oui', 'Oui']);
    expect(row('ascenceur').getAttribute('data-modifie')).toBe('non');
    expect(within(panel).getAllByText('modifié')).toHaveLength(4);

    fireEvent.click(within(panel).getByRole('button', { name: 'Valider les modifications' }));
    const done = await screen.findByText(MODIFICATION_MESSAGES.validees);
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(sent).toEqual([
      { url: '/api/admin/inscription/valid/update/7', body: { dateProposition: PROPOSEE, version: 'v1' } },
    ]);
    // Reloaded without a proposal: the table is gone, the answer stays.
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByText(MODIFICATION_MESSAGES.validees)).toBeTruthy();
  });

  it('« Refuser » envoie le motif saisi (sans les espaces autour)', async () => {
    const sent = renderDetail(json(200, { status: 'success', message: MODIFICATION_MESSAGES.refusees }));
    const panel = await region();
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Motif d’un refus (facultatif)' }), {
      target: { value: '  Téléphone injoignable  ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Refuser les modifications' }));
    await screen.findByText(MODIFICATION_MESSAGES.refusees);
    expect(sent).toEqual([
      {
        url: '/api/admin/inscription/reject/update/7',
        body: { dateProposition: PROPOSEE, version: 'v1', motif: 'Téléphone injoignable' },
      },
    ]);
  });

  it('une proposition plus récente entre-temps : le refus du serveur s’affiche et la nouvelle proposition est rechargée', async () => {
    const newer = { ...offer, tempdata: { ...offer.tempdata!, date: '2026-11-03T11:00:00.000Z' } };
    renderDetail(json(409, { status: 'error', message: MODIFICATION_MESSAGES.changeeEntreTemps, errors: [] }), [
      offer,
      newer,
    ]);
    const panel = await region();
    fireEvent.click(within(panel).getByRole('button', { name: 'Valider les modifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MODIFICATION_MESSAGES.changeeEntreTemps);
    await waitFor(async () => expect((await region()).textContent).toContain('le 03/11/2026 12:00:00'));
  });

  it('sans proposition, rien n’est montré', async () => {
    renderDetail(json(500, { status: 'error', message: MESSAGES.erreurServeur, errors: [] }), [decided]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Modifications proposées par le propriétaire' })).toBeNull();
  });
});
