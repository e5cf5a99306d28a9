import { STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { agentGestion } from '../../../test/fixtures.ts';
import { renderAdminPage } from '../../../test/render.tsx';
import type { AdminContext } from '../../lib/admin-context.ts';
import { PartenairesListPage } from './admin-list-page.tsx';

const context: AdminContext = { user: agentGestion, statuts: [{ id: STATUT.valide, libelle: 'Validé' }] };
const row = (id: number, nom: string, renouvellement: string) => ({
  id,
  tempdata: false,
  token: renouvellement === 'sansReponse',
  renouvellement,
  date: '2026-09-01T08:00:00.000Z',
  dateLastUpdate: null,
  nom,
  lien: `https://${nom.toLowerCase()}.fr`,
  categorie: 'Sport',
  idCategorie: 5,
  statut: 'Validé',
  idStatut: STATUT.valide,
  actif: true,
  enAttenteDepuis: null,
  doublon: [],
  courrielEchec: null,
});
const rows = [row(1, 'Alpha', 'confirme'), row(2, 'Bravo', 'jamais'), row(3, 'Charlie', 'sansReponse')];
const LIST = '/api/admin/partenaires/get/list/by/filters';
const CAMPAIGN = '/api/admin/partenaires/renouvellement';
const PREVIEW = '/api/admin/partenaires/renouvellement/apercu';

/** The list (45 partners match, 3 on the page) and the campaign's answers, in turn. */
function server(...batches: object[]) {
  const sent: { mode: string; ids?: number[]; apres?: number; liste?: unknown }[] = [];
  const fetchMock = fakeServer((url, init) => {
    if (url.startsWith(LIST)) return json(200, { count: 45, partenaires: rows });
    if (url.startsWith('/api/categorie/get/all')) return json(200, []);
    if (url === CAMPAIGN && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return json(200, batches.shift());
    }
  });
  return { fetchMock, sent };
}
function renderPage(entry = '/admin/partenaires') {
  renderAdminPage(<PartenairesListPage />, { path: '/admin/partenaires', entry: entry, context });
}
const grid = () => screen.getByRole('grid', { name: 'Partenaires' });
const batch = (over: object) => ({
  envoyes: 0,
  modificationsEnAttente: 0,
  nonValides: 0,
  introuvables: 0,
  suivant: null,
  restants: 0,
  ...over,
});
const sendButton = () => screen.getByRole('button', { name: 'Envoyer le mail de renouvellement' });

describe('liste des partenaires : la campagne de renouvellement', { timeout: 60_000 }, () => {
  it('montre la réponse de chacun et filtre par « Renouvellement »', async () => {
    const { fetchMock } = server();
    renderPage();
    await within(grid()).findByText('Alpha');
    const alpha = within(grid()).getByText('Alpha').closest('[role="row"]') as HTMLElement;
    expect(within(alpha).getByText('Confirmé')).toBeTruthy();
    const charlie = within(grid()).getByText('Charlie').closest('[role="row"]') as HTMLElement;
    expect(within(charlie).getByText('Sans réponse')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Renouvellement/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jamais envoyé' }));
    await waitFor(() => {
      const q = new URL(String(fetchMock.mock.lastCall?.[0]), 'http://localhost').searchParams;
      expect(q.get('filter[renouvellement]')).toBe('jamais');
    });
  });

  it('pas de cases à cocher : la campagne vise la liste filtrée, et la confirmation dit combien de partenaires et de courriels', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const batches = [
      batch({ envoyes: 20, suivant: 20, restants: 25 }),
      batch({ envoyes: 19, modificationsEnAttente: 1, suivant: 40, restants: 5 }),
      batch({ envoyes: 4, nonValides: 1 }),
    ];
    const sent: unknown[] = [];
    const previews: string[] = [];
    fakeServer((url, init) => {
      if (url.startsWith(LIST)) return json(200, { count: 45, partenaires: rows });
      if (url.startsWith('/api/categorie/get/all')) return json(200, []);
      if (url.startsWith(PREVIEW)) {
        previews.push(url);
        return json(200, { partenaires: 45, courriels: 43 });
      }
      if (url === CAMPAIGN) {
        sent.push(JSON.parse(String(init?.body)));
        const answer = batches.shift();
        // The second batch waits, so the progress can be read.
        return sent.length === 2 ? held.then(() => json(200, answer)) : json(200, answer);
      }
    });
    renderPage('/admin/partenaires?f.statut=2&recherche=sport&annee=2026');
    await within(grid()).findByText('Alpha');
    expect(within(grid()).queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByText(/sélectionnée/)).toBeNull();
    fireEvent.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Mail de renouvellement' });
    expect(
      within(dialog).getByText(/^45 partenaires correspondent à la liste filtrée : 43 recevront/).textContent,
    ).toBe(
      '45 partenaires correspondent à la liste filtrée : 43 recevront le mail de renouvellement (43 courriels). Les 2 autres ne sont pas validés ou ont des modifications en attente : ils ne recevront rien.',
    );
    const q = new URL(previews[0], 'http://localhost').searchParams;
    expect([q.get('search'), q.get('filter[statut]'), q.get('annee')]).toEqual(['sport', '2', '2026']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer 43 courriels' }));
    expect(await within(dialog).findByText('Envoi en cours : 20 sur 45 partenaires traités')).toBeTruthy();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Progression de l’envoi' }).getAttribute('aria-valuenow'),
    ).toBe(String(Math.round((100 * 20) / 45)));
    release();
    expect(
      await within(dialog).findByText(
        '43 envoyés, 1 ignoré (modifications en attente), 1 ignoré (partenaire non validé)',
      ),
    ).toBeTruthy();
    const liste = { search: 'sport', filter: { statut: '2' }, annee: 2026 };
    expect(sent).toEqual([
      { mode: 'filtres', liste, apres: 0 },
      { mode: 'filtres', liste, apres: 20 },
      { mode: 'filtres', liste, apres: 40 },
    ]);
  });

  it('aucun courriel à envoyer : la confirmation le dit et n’envoie rien', async () => {
    const sent: unknown[] = [];
    fakeServer((url) => {
      if (url.startsWith(LIST)) return json(200, { count: 3, partenaires: rows });
      if (url.startsWith('/api/categorie/get/all')) return json(200, []);
      if (url.startsWith(PREVIEW)) return json(200, { partenaires: 1, courriels: 0 });
      if (url === CAMPAIGN) sent.push(url);
    });
    renderPage();
    await within(grid()).findByText('Alpha');
    fireEvent.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Mail de renouvellement' });
    expect(
      within(dialog).getByText(
        '1 partenaire correspond à la liste filtrée, mais aucun n’est validé sans modification en attente : aucun courriel ne partira.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Envoyer 0 courriel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(sent).toEqual([]);
  });
});
