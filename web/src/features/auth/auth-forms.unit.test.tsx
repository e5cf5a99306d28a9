import { DIGEST_MESSAGES, MESSAGES, PASSWORD_MESSAGES, type SessionUser } from '@guichet/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { describedText } from '../../../test/screen-reader.ts';
import { ComptePage } from './compte-page.tsx';
import { LoginPage } from './login-page.tsx';

const agent: SessionUser = {
  id: 7,
  username: 'c.dupont',
  prenom: 'Camille',
  nom: 'Dupont',
  roles: ['ROLE_USER'],
  motDePasseAChanger: false,
};

/** The server as `fetch` sees it: a response per path, in order; what each call sent is kept. */
const server = (routes: Record<string, Response[]>) => fakeServer((url) => routes[url]?.shift());
/** « Mon compte » also reads the daily digest's choice (its own tests: digest-panel.unit.test.tsx). */
const digest = () =>
  json(200, { digestQuotidien: false, email: null, adresse: null, raison: DIGEST_MESSAGES.sansAdresse });

/** The page inside an admin shell that hands it the agent (or none), as app/ does. */
function renderAt(path: string, page: ReactNode, user: SessionUser | null) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={{ user, statuts: [] }} />,
        children: [
          { path: '/admin/login', element: page },
          { path: '/admin/compte', element: page },
          { path: '/admin/inscriptions', element: <h1>Inscriptions</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
/** Password inputs have no role: found by their label. */
const password = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const errorOf = describedText;

describe('connexion', { timeout: 20_000 }, () => {
  it('champs vides : les messages sous les champs, focus sur l’identifiant, aucun appel', async () => {
    const fetchMock = server({});
    renderAt('/admin/login', <LoginPage />, null);
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    await waitFor(() => expect(errorOf(textbox('Identifiant'))).toBe('Veuillez saisir votre identifiant.'));
    expect(errorOf(password('Mot de passe'))).toBe('Veuillez saisir votre mot de passe.');
    await waitFor(() => expect(document.activeElement).toBe(textbox('Identifiant')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('identifiants refusés : le message du serveur en alerte, focus rendu à l’identifiant ; puis connexion vers son écran', async () => {
    const fetchMock = server({
      '/api/login': [
        json(400, { logged: false, error: MESSAGES.identifiantsIncorrects }),
        json(200, { logged: true, id: 7, username: 'c.dupont', user: agent, path: '/admin' }),
      ],
      '/api/user/get/current': [],
    });
    const router = renderAt('/admin/login?refus=1', <LoginPage />, null);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.accesNonAutorise);
    fireEvent.change(textbox('Identifiant'), { target: { value: 'c.dupont' } });
    fireEvent.change(password('Mot de passe'), { target: { value: 'mauvais' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.identifiantsIncorrects));
    await waitFor(() => expect(document.activeElement).toBe(textbox('Identifiant')));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ username: 'c.dupont', password: 'mauvais' });

    fireEvent.change(password('Mot de passe'), { target: { value: 'le bon mot de passe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    await screen.findByRole('heading', { name: 'Inscriptions' });
    expect(router.state.location.pathname).toBe('/admin/inscriptions');
  });
});

describe('Mon compte', { timeout: 20_000 }, () => {
  const fill = (actuel: string, nouveau: string, confirmation = nouveau) => {
    fireEvent.change(password('Mot de passe actuel'), { target: { value: actuel } });
    fireEvent.change(password('Nouveau mot de passe'), { target: { value: nouveau } });
    fireEvent.change(password('Confirmez le nouveau mot de passe'), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer mon mot de passe' }));
  };

  it('trop court : refusé sur la page, focus sur le nouveau mot de passe', async () => {
    const fetchMock = server({ '/api/admin/compte/resume-quotidien': [digest()] });
    renderAt('/admin/compte', <ComptePage />, agent);
    fill('ancien mot de passe', 'court');
    const nouveau = password('Nouveau mot de passe');
    await waitFor(() => expect(errorOf(nouveau)).toBe(PASSWORD_MESSAGES.tropCourt));
    await waitFor(() => expect(document.activeElement).toBe(nouveau));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/compte/mot-de-passe')).toEqual([]);
  });

  it('mot de passe actuel refusé par le serveur : sous son champ ; accepté ensuite : champs vidés, message du serveur', async () => {
    server({
      '/api/admin/compte/mot-de-passe': [
        json(400, {
          status: 'error',
          message: PASSWORD_MESSAGES.actuelIncorrect,
          errors: [{ key: 'actuel', error: PASSWORD_MESSAGES.actuelIncorrect }],
        }),
        json(200, { status: 'success', message: PASSWORD_MESSAGES.change }),
      ],
      '/api/user/get/current': [],
      '/api/admin/compte/resume-quotidien': [digest()],
    });
    renderAt('/admin/compte', <ComptePage />, agent);
    fill('pas le bon', 'ma phrase de passe');
    const actuel = password('Mot de passe actuel');
    await waitFor(() => expect(errorOf(actuel)).toBe(PASSWORD_MESSAGES.actuelIncorrect));
    await waitFor(() => expect(document.activeElement).toBe(actuel));
    expect(screen.queryByRole('alert')).toBeNull();

    fill('le bon', 'ma phrase de passe');
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_MESSAGES.change);
    expect(password('Mot de passe actuel').value).toBe('');
  });
});
