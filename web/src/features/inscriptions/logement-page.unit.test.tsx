import {
  LIEN_INVALIDE,
  LOGEMENT_ACTION_MESSAGES,
  MODIFICATION_MESSAGES,
  OFFRE_ARCHIVEE,
  STATUT,
} from '@guichet/contract';
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
  tempdata: null,
  motifRefus: null,
  remiseEnLigne: null,
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
    // Validated, never confirmed by its landlord since: no confirmation date of its own.
    expect(statut.textContent).not.toContain('Disponibilité confirmée');
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
      [`/api/logement/${TOKEN}/retrait`]: json(409, { status: 'error', message: OFFRE_ARCHIVEE, errors: [] }),
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

  it('une offre en attente jamais confirmée ne montre ni validation ni confirmation', async () => {
    server([
      {
        ...offer,
        idStatut: STATUT.enAttente,
        statut: 'En attente',
        dateValidation: null,
        dateConfirmation: null,
        dateRelance: null,
      },
    ]);
    renderPage('?reponse=disponible');
    const statut = await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(statut.textContent).not.toContain('Validée le');
    expect(statut.textContent).not.toContain('confirmée le');
    expect(screen.queryByText(/cliquez sur le bouton/)).toBeNull();
    expect(button('Toujours disponible')).toBeNull();
  });

  it('après « Toujours disponible » depuis le courriel, l’invitation à cliquer disparaît', async () => {
    const confirmed = { ...offer, dateConfirmation: '2026-10-06T08:00:00.000Z', dateRelance: null };
    server([offer, confirmed], {
      [`/api/logement/${TOKEN}/disponible`]: json(200, {
        status: 'success',
        message: LOGEMENT_ACTION_MESSAGES.disponible,
      }),
    });
    renderPage('?reponse=disponible');
    expect(await screen.findByText(/cliquez sur le bouton mis en évidence/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Toujours disponible' }));
    await screen.findByText(LOGEMENT_ACTION_MESSAGES.disponible);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Statut de votre offre' }).textContent).toContain(
        'Disponibilité confirmée le06/10/2026',
      ),
    );
    expect(screen.queryByText(/cliquez sur le bouton/)).toBeNull();
  });

  it('une offre refusée montre le motif, aucun bouton sans effet, et se corrige puis se renvoie', async () => {
    const refused = {
      ...offer,
      idStatut: STATUT.refuse,
      statut: 'Refusé',
      dateValidation: null,
      dateConfirmation: null,
      dateRelance: null,
      motifRefus: 'Adresse incomplète.',
    };
    const pending = { ...refused, idStatut: STATUT.enAttente, statut: 'En attente', motifRefus: null };
    const sent = server([refused, pending], {
      [`/api/logement/${TOKEN}/modification`]: json(200, {
        status: 'success',
        message: MODIFICATION_MESSAGES.renvoyee,
      }),
    });
    renderPage('?reponse=loue');
    const statut = await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(statut.textContent).toContain('Motif du refusAdresse incomplète.');
    expect(statut.textContent).not.toContain('confirmée le');
    expect(screen.queryByText(/cliquez sur le bouton/)).toBeNull();
    for (const name of ['Toujours disponible', 'Mon logement est loué', 'Retirer mon offre', 'Modifier mon offre'])
      expect(button(name)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Corriger et renvoyer' }));
    const form = await screen.findByRole('region', { name: 'Corriger et renvoyer mon offre' });
    fireEvent.click(within(form).getByRole('button', { name: 'Renvoyer mon offre au guichet' }));
    await screen.findByText(MODIFICATION_MESSAGES.renvoyee);
    expect(sent.map((r) => r.url)).toEqual([`/api/logement/${TOKEN}/modification`]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Statut de votre offre' }).textContent).toContain('En attente'),
    );
    expect(button('Mon logement est loué')).toBeTruthy();
  });

  it('une offre expirée se remet en ligne d’un clic', async () => {
    const expired = { ...archived, motifArchivage: 'expiree', motifArchivageTexte: null, remiseEnLigne: 'directe' };
    const back = { ...offer, dateRelance: null, dateConfirmation: '2026-10-20T08:00:00.000Z' };
    const sent = server([expired, back], {
      [`/api/logement/${TOKEN}/remise-en-ligne`]: json(200, {
        status: 'success',
        message: LOGEMENT_ACTION_MESSAGES.remiseDirecte,
      }),
    });
    renderPage();
    const statut = await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(statut.textContent).toContain('Sans réponse à la demande de confirmation');
    expect(statut.textContent).not.toContain('ne peut plus être modifiée');
    for (const name of ['Mon logement est loué', 'Retirer mon offre', 'Modifier mon offre'])
      expect(button(name)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Remettre mon offre en ligne' }));
    await screen.findByText(LOGEMENT_ACTION_MESSAGES.remiseDirecte);
    expect(sent).toEqual([{ url: `/api/logement/${TOKEN}/remise-en-ligne`, method: 'POST', body: {} }]);
    await waitFor(() => expect(button('Remettre mon offre en ligne')).toBeNull());
    expect(button('Toujours disponible')).toBeTruthy();
  });

  it('un lien invalide ou expiré le dit et propose d’en recevoir un nouveau', async () => {
    server([json(404, { status: 'error', message: LIEN_INVALIDE, errors: [] })]);
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
