import { type AgentSummary, MESSAGES, ROLE_MESSAGES, type Role, type SessionUser } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderAdminPage } from '../../../test/render.tsx';
import { describedText } from '../../../test/screen-reader.ts';
import type { AdminContext } from '../../lib/admin-context.ts';
import { RolesPage } from './roles-page.tsx';

const agent = (id: number, prenom: string, nom: string): AgentSummary => ({ id, prenom, nom, photo: null });
const elise = agent(11, 'Élise', 'Durand');
const paul = agent(12, 'Paul', 'Bernard');
const claire = agent(13, 'Claire', 'Arnaud');
const marc = agent(14, 'Marc', 'Marchand');

const administrateur = { id: 1, code: 'ROLE_ADMIN', libelle: 'Administrateur' };
const agentRole = { id: 2, code: 'ROLE_USER', libelle: 'Agent' };
const roles = [administrateur, agentRole];

const admin: SessionUser = {
  id: 1,
  username: 'admin',
  prenom: 'Anne',
  nom: 'Admin',
  roles: ['ROLE_ADMIN'],
  motDePasseAChanger: false,
};
/** A role manager who is not an administrator (issue 14), and who appears in the agent search. */
const manager: SessionUser = {
  ...admin,
  id: 20,
  username: 'gestion',
  prenom: 'Gaël',
  nom: 'Marot',
  roles: ['ROLE_ADMIN_ROLE'],
};
const managerAsAgent = agent(manager.id, manager.prenom, manager.nom);

/**
 * The server as `fetch` sees it: the roles list, the agents of the roles in `members` (any other
 * is not found), the agent search by name (`found` whatever the name, or a refusal) and the saves,
 * answered in turn by `saves`; what was saved is kept.
 */
function server(members: Record<number, AgentSummary[]>, found: AgentSummary[] | Response, ...saves: Response[]) {
  const saved: { url: string; body: unknown }[] = [];
  const searched: string[] = [];
  fakeServer((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && pathname === '/api/admin/role/get/list/by/filters') {
      return json(200, { count: roles.length, roles });
    }
    const detail = pathname.match(/^\/api\/admin\/role\/get\/(\d+)$/);
    if (method === 'GET' && detail) {
      const role = roles.find((r) => r.id === Number(detail[1]));
      const agents = role && members[role.id];
      if (!role || !agents) return refusal(404, ROLE_MESSAGES.roleIntrouvable);
      return json(200, { ...role, agents } satisfies Role);
    }
    if (method === 'GET' && pathname === '/api/admin/user/get/by/name') {
      searched.push(searchParams.get('name') ?? '');
      return found instanceof Response ? found : json(200, found);
    }
    if (method === 'PUT' && pathname.startsWith('/api/admin/role/update/')) {
      saved.push({ url: pathname, body: JSON.parse(String(init?.body)) });
      return saves.shift();
    }
  });
  return { saved, searched };
}

const refusal = (status: number, message: string) => json(status, { status: 'error', message, errors: [] });

function renderPage(user: SessionUser) {
  const context: AdminContext = { user, statuts: [] };
  renderAdminPage(<RolesPage />, { path: '/admin/roles', context });
}

/** Opens a role from its row and waits for its agents. */
async function openRole(buttonName: string, libelle: string) {
  fireEvent.click(await screen.findByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog', { name: libelle });
  const list = await within(dialog).findByRole('list', { name: `Agents du rôle ${libelle}` });
  return { dialog, list };
}

/** An element's text as a screen reader reads it: the avatars' initials are hidden from it. */
function spoken(el: Element) {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}
/** The names in the role's list, in order. */
const names = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map(spoken)
    .filter((t) => t !== 'Ajouter');
/** A suggestion, once typing has paused and the server answered. */
const suggestion = (name: string) => screen.findByRole('option', { name });
/** The agents the search offers. */
const offered = () => screen.getAllByRole('option').map(spoken);

/**
 * Removes an agent and waits for the focus to land on 'Ajouter' (the pressed button is gone),
 * as a person sees it before doing anything else.
 */
async function remove(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: `Retirer ${name}` }));
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Ajouter'));
}

const addDialog = () => screen.getByRole('dialog', { name: 'Ajouter' });
/** Opens 'Ajouter' and types a name; the suggestions come once typing pauses. */
async function search(dialog: HTMLElement, text: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
  const field = await within(addDialog()).findByRole('combobox', { name: 'Agent' });
  fireEvent.change(field, { target: { value: text } });
  return field;
}

describe('agents d’un rôle', { timeout: 30_000 }, () => {
  it('ajoute un agent cherché par son nom, en retire un autre, et enregistre exactement la liste obtenue', async () => {
    const { saved, searched } = server(
      { 2: [elise, paul] },
      [paul, claire],
      json(200, { status: 'success', message: ROLE_MESSAGES.enregistre('Agent') }),
    );
    renderPage(admin);
    const { dialog, list } = await openRole('Modifier le rôle Agent', 'Agent');
    expect(names(list)).toEqual(['Élise Durand', 'Paul Bernard']);

    await remove(dialog, 'Élise Durand');
    expect(names(list)).toEqual(['Paul Bernard']);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Élise Durand retiré de la liste. Enregistrez pour confirmer.',
    );

    await search(dialog, 'ar');
    // Paul already has the role: only Claire is offered.
    const option = await suggestion('Claire Arnaud');
    expect(offered()).toEqual(['Claire Arnaud']);
    expect(searched).toContain('ar');
    fireEvent.click(option);
    fireEvent.click(within(addDialog()).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter' })).toBeNull());
    // Sorted by name: Arnaud before Bernard.
    expect(names(list)).toEqual(['Claire Arnaud', 'Paul Bernard']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const done = await screen.findByText(ROLE_MESSAGES.enregistre('Agent'));
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(saved).toEqual([{ url: '/api/admin/role/update/2', body: { agents: [claire.id, paul.id] } }]);
    expect(screen.queryByRole('dialog', { name: 'Agent' })).toBeNull();
  });

  it('garde la liste modifiée et montre le refus du serveur (dernier administrateur, puis droit retiré)', async () => {
    const last = ROLE_MESSAGES.dernierAdministrateur('Administrateur');
    const reserved = ROLE_MESSAGES.reserveAdministrateur('Administrateur');
    const { saved } = server(
      { 1: [elise] },
      [],
      json(400, { status: 'error', message: last, errors: [{ key: 'agents', error: last }] }),
      refusal(403, reserved),
    );
    renderPage(admin);
    const { dialog, list } = await openRole('Modifier le rôle Administrateur', 'Administrateur');
    await remove(dialog, 'Élise Durand');
    expect(within(list).getByText("Aucun agent n'a ce rôle.")).toBeTruthy();

    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    fireEvent.click(save);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(last);
    // Still open, still without Élise: the person decides what to do next.
    expect(screen.getByRole('dialog', { name: 'Administrateur' })).toBe(dialog);
    expect(names(list)).toEqual(["Aucun agent n'a ce rôle."]);

    fireEvent.click(save);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(reserved));
    expect(saved.map((s) => s.body)).toEqual([{ agents: [] }, { agents: [] }]);
    expect(screen.queryByText(ROLE_MESSAGES.enregistre('Administrateur'))).toBeNull();
  });

  it('au clavier : choisit la suggestion avec les flèches, exige un agent, et ramène le focus après un retrait', async () => {
    const { saved } = server({ 2: [paul] }, [claire, marc], json(200, { status: 'success' }));
    renderPage(admin);
    const { dialog, list } = await openRole('Modifier le rôle Agent', 'Agent');

    // 'Ajouter' without a choice: the field says why and gets the focus back.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    const field = await within(addDialog()).findByRole('combobox', { name: 'Agent' });
    expect(document.activeElement).toBe(field);
    // Tab to the button and press it, as a keyboard user does: the focus is on the button.
    const confirm = within(addDialog()).getByRole('button', { name: 'Ajouter' });
    confirm.focus();
    fireEvent.click(confirm);
    expect(describedText(field)).toBe(MESSAGES.agentObligatoire);
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'mar' } });
    await suggestion('Marc Marchand');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((field as HTMLInputElement).value).toBe('Marc Marchand');
    fireEvent.click(within(addDialog()).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(names(list)).toEqual(['Paul Bernard', 'Marc Marchand']));

    // The pressed button disappears with its agent: the focus lands on 'Ajouter', not on the page.
    await remove(dialog, 'Paul Bernard');

    // Escape leaves 'Ajouter' without changing the list.
    await search(dialog, 'cl');
    await suggestion('Claire Arnaud');
    fireEvent.keyDown(addDialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter' })).toBeNull());
    expect(names(list)).toEqual(['Marc Marchand']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // No message from the server: the general one.
    await screen.findByText(MESSAGES.enregistrementReussi);
    expect(saved.map((s) => s.body)).toEqual([{ agents: [marc.id] }]);
  });

  it('Annuler referme sans rien envoyer, et la liste rouverte est celle du serveur', async () => {
    const { saved } = server({ 2: [elise, paul] }, []);
    renderPage(admin);
    const first = await openRole('Modifier le rôle Agent', 'Agent');
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Retirer Paul Bernard' }));
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agent' })).toBeNull());

    const again = await openRole('Modifier le rôle Agent', 'Agent');
    expect(names(again.list)).toEqual(['Élise Durand', 'Paul Bernard']);
    expect(saved).toEqual([]);
  });
});

describe('échecs de chargement', { timeout: 30_000 }, () => {
  it('dit pourquoi le rôle ne s’ouvre pas, sans rien proposer à enregistrer', async () => {
    const { saved } = server({}, []);
    renderPage(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le rôle Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agent' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `Le rôle n'a pas pu être chargé : ${ROLE_MESSAGES.roleIntrouvable}`,
    );
    expect((within(dialog).getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(saved).toEqual([]);
  });

  it('montre le refus de la recherche d’agents, et la liste du rôle reste telle quelle', async () => {
    server({ 2: [paul] }, refusal(400, 'Recherche trop longue (100 caractères au plus).'));
    renderPage(admin);
    const { dialog, list } = await openRole('Modifier le rôle Agent', 'Agent');
    await search(dialog, 'x');
    const alert = await within(addDialog()).findByRole('alert');
    expect(alert.textContent).toBe('La recherche a échoué : Recherche trop longue (100 caractères au plus).');
    fireEvent.click(within(addDialog()).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter' })).toBeNull());
    expect(names(list)).toEqual(['Paul Bernard']);
  });
});

describe('gestionnaire des rôles qui n’est pas administrateur', { timeout: 30_000 }, () => {
  it('voit les agents du rôle Administrateur sans pouvoir les changer', async () => {
    const { saved } = server({ 1: [elise] }, []);
    renderPage(manager);
    expect(screen.queryByRole('button', { name: 'Modifier le rôle Administrateur' })).toBeNull();
    const { dialog, list } = await openRole(
      'Voir les agents du rôle Administrateur (modification réservée aux administrateurs)',
      'Administrateur',
    );
    expect(names(list)).toEqual(['Élise Durand']);
    expect(within(dialog).getByRole('note').textContent).toContain(
      ROLE_MESSAGES.reserveAdministrateur('Administrateur'),
    );
    expect(within(dialog).queryByRole('button', { name: /^Retirer/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Ajouter' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Administrateur' })).toBeNull());
    expect(saved).toEqual([]);
  });

  it('ne se voit pas proposé pour un autre rôle, et l’écran dit pourquoi', async () => {
    server({ 2: [paul] }, [managerAsAgent, claire]);
    renderPage(manager);
    const { dialog } = await openRole('Modifier le rôle Agent', 'Agent');
    await search(dialog, 'mar');
    await suggestion('Claire Arnaud');
    expect(offered()).toEqual(['Claire Arnaud']);
    expect(within(addDialog()).getByText(/Vous ne pouvez pas vous ajouter vous-même à un rôle/)).toBeTruthy();
  });

  it('peut se retirer d’un rôle, et y rester s’il en fait déjà partie', async () => {
    // Already a member: the manager may leave, and put itself back, so it is offered.
    server({ 2: [paul, managerAsAgent] }, [managerAsAgent]);
    renderPage(manager);
    const { dialog, list } = await openRole('Modifier le rôle Agent', 'Agent');
    await remove(dialog, 'Gaël Marot');
    expect(names(list)).toEqual(['Paul Bernard']);
    await search(dialog, 'mar');
    expect(await suggestion('Gaël Marot')).toBeTruthy();
    expect(within(addDialog()).queryByText(/Vous ne pouvez pas vous ajouter/)).toBeNull();
  });
});
