import { LIEN_INVALIDE, OFFRE_ARCHIVEE, STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { logement, proprietaire } from '../../../test/fixtures.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { LogementPage } from './logement-page.tsx';

const TOKEN = 'lien-personnel';
const offer = {
  id: 12,
  idStatut: STATUT.valide,
  statut: 'Validé',
  date: '2026-09-01T08:00:00.000Z',
  dateValidation: '2026-09-03T08:00:00.000Z',
  dateConfirmation: '2026-09-03T08:00:00.000Z',
  dateRelance: '2026-10-05T08:00:00.000Z',
  motifArchivage: null,
  motifArchivageTexte: null,
  proprietaire,
  logement,
};
const archived = {
  ...offer,
  idStatut: STATUT.archive,
  statut: 'Archivé',
  dateRelance: null,
  motifArchivage: 'loue',
  motifArchivageTexte: 'Loué à une étudiante',
};

type Sent = { url: string; method: string; body: unknown };

/** The server behind the link: the offer in its successive states, and the actions' answers. */
function server(states: unknown[], actions: Record<string, Response> = {}) {
  const sent: Sent[] = [];
  fakeServer((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === `/api/logement/${TOKEN}`) {
      const state = states.length > 1 ? states.shift() : states[0];
      return state instanceof Response ? state : json(200, state);
    }
    sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return actions[url];
  });
  return sent;
}

function renderPage(search = '') {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/logement/${TOKEN}${search}`]}>
      <Routes>
        <Route path="/logement/:token" element={<LogementPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('page personnelle du propriétaire', { timeout: 30_000 }, () => {
  it('montre l’offre, son statut, ses dates et la question en attente', async () => {
    server([offer]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon offre de logement' })).toBeTruthy();
    const statut = await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(statut.textContent).toContain('Validé');
    expect(statut.textContent).toContain('Reçue le01/09/2026');
    expect(statut.textContent).toContain('Validée le03/09/2026');
    expect(statut.textContent).toContain('Disponibilité confirmée le03/09/2026');
    expect(statut.textContent).toContain('Votre logement est-il toujours disponible ?');
    const logement = screen.getByRole('region', { name: 'Logement' });
    expect(logement.textContent).toContain('Entre 350 et 400 euros');
    expect(screen.getByRole('region', { name: 'Propriétaire' }).textContent).toContain('marie.dupont@example.fr');
    for (const name of ['Toujours disponible', 'Mon logement est loué', 'Retirer mon offre'])
      expect(button(name)).toBeTruthy();
  });

  it('« Toujours disponible » envoie la confirmation, montre le message du serveur (focus) et recharge l’offre', async () => {
    const confirmed = { ...offer, dateConfirmation: '2026-10-06T08:00:00.000Z', dateRelance: null };
    const sent = server([offer, confirmed], {
      [`/api/logement/${TOKEN}/disponible`]: json(200, {
        status: 'success',
        message: 'Merci, votre offre est confirmée.',
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Toujours disponible' }));
    const banner = await screen.findByText('Merci, votre offre est confirmée.');
    expect(banner.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(banner.closest('[role="status"]')));
    expect(sent).toEqual([{ url: `/api/logement/${TOKEN}/disponible`, method: 'POST', body: {} }]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Statut de votre offre' }).textContent).toContain(
        'Disponibilité confirmée le06/10/2026',
      ),
    );
    expect(screen.queryByText('Votre logement est-il toujours disponible ?')).toBeNull();
  });

  it('« Mon logement est loué » demande confirmation, envoie la précision, puis l’offre archivée n’a plus d’actions', async () => {
    const sent = server([offer, archived], {
      [`/api/logement/${TOKEN}/loue`]: json(200, {
        status: 'success',
        message: 'Votre offre a été retirée de la liste.',
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Mon logement est loué' }));
    const dialog = await screen.findByRole('dialog', { name: 'Votre logement est loué ?' });
    expect(dialog.textContent).toContain('quittera aussitôt la liste des logements');
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Précisions (facultatif)' }), {
      target: { value: 'Loué à une étudiante' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : mon logement est loué' }));

    const banner = await screen.findByText('Votre offre a été retirée de la liste.');
    await waitFor(() => expect(document.activeElement).toBe(banner.closest('[role="status"]')));
    expect(sent).toEqual([
      { url: `/api/logement/${TOKEN}/loue`, method: 'POST', body: { motif: 'Loué à une étudiante' } },
    ]);
    await waitFor(() => expect(button('Mon logement est loué')).toBeNull());
    expect(screen.getByRole('region', { name: 'Statut de votre offre' }).textContent).toContain('Logement loué');
  });

  it('« Retirer mon offre » annulé ne change rien et rend le focus au bouton', async () => {
    const sent = server([offer]);
    renderPage();
    const retirer = await screen.findByRole('button', { name: 'Retirer mon offre' });
    fireEvent.click(retirer);
    const dialog = await screen.findByRole('dialog', { name: 'Retirer votre offre ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(retirer);
    expect(sent).toEqual([]);
  });

  it('« Retirer mon offre » sans raison sur une offre archivée entre-temps : le message du serveur, la page rechargée', async () => {
    const sent = server([offer, archived], {
      [`/api/logement/${TOKEN}/retrait`]: json(409, { status: 'error', message: OFFRE_ARCHIVEE }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer mon offre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer votre offre ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le retrait de mon offre' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(OFFRE_ARCHIVEE);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ url: `/api/logement/${TOKEN}/retrait`, method: 'POST', body: {} }]);
    await waitFor(() => expect(button('Retirer mon offre')).toBeNull());
  });

  it('une offre archivée montre son statut et aucune action', async () => {
    server([archived]);
    renderPage('?reponse=loue');
    const statut = await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(statut.textContent).toContain('Archivé');
    expect(statut.textContent).toContain('Loué à une étudiante');
    expect(screen.queryByRole('region', { name: 'Que souhaitez-vous faire ?' })).toBeNull();
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual([]);
  });

  it('un lien invalide ou expiré le dit et propose d’en recevoir un nouveau', async () => {
    server([json(404, { status: 'error', message: LIEN_INVALIDE })]);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(LIEN_INVALIDE);
    expect(screen.getByRole('heading', { level: 2, name: 'Recevoir à nouveau mon lien personnel' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Adresse de courriel/ })).toBeTruthy();
  });

  it('?reponse=loue (bouton du courriel) met le focus sur « Mon logement est loué » et n’envoie rien', async () => {
    const sent = server([offer]);
    renderPage('?reponse=loue');
    const loue = await screen.findByRole('button', { name: 'Mon logement est loué' });
    await waitFor(() => expect(document.activeElement).toBe(loue));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('?reponse=disponible met le focus sur « Toujours disponible » et n’envoie rien', async () => {
    const sent = server([offer]);
    renderPage('?reponse=disponible');
    const disponible = await screen.findByRole('button', { name: 'Toujours disponible' });
    await waitFor(() => expect(document.activeElement).toBe(disponible));
    expect(sent).toEqual([]);
  });
});
