import {
  ETUDIANT_FIELD_MESSAGES,
  ETUDIANT_MESSAGES,
  FIELD_MESSAGES,
  HONEYPOT_FIELD,
  MESSAGES,
} from '@guichet/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, serverAnswers } from '../../../test/fake-server.ts';
import { describedText } from '../../../test/screen-reader.ts';
import { RequestPage } from './request-page.tsx';

function renderPage() {
  // Without a QueryClientProvider, as the app serves its public forms.
  render(
    <MemoryRouter>
      <RequestPage />
    </MemoryRouter>,
  );
}
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
/** The text under a field, read through aria-describedby as a screen reader does. */
const errorOf = (label: string) => describedText(field(label));
function fill() {
  fireEvent.change(field('Adresse de courriel'), { target: { value: 'zoe@example.fr' } });
  fireEvent.change(field('Code postal'), { target: { value: '10000' } });
  fireEvent.change(field('Ville'), { target: { value: 'troyes' } });
  fireEvent.change(field('École envisagée'), { target: { value: 'UTT' } });
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Valider la demande' }));

describe('Demande de la liste des logements', { timeout: 20_000 }, () => {
  it('envoyée vide : chaque champ dit ce qui manque, le bandeau aussi, rien ne part', async () => {
    const fetchMock = serverAnswers();
    renderPage();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.remplirTousLesChamps);
    for (const label of ['Adresse de courriel', 'Code postal', 'Ville', 'École envisagée']) {
      expect(errorOf(label), label).toBe(FIELD_MESSAGES.obligatoire);
    }
    await waitFor(() => expect(document.activeElement).toBe(field('Adresse de courriel')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('la ville s’écrit en capitales ; la demande part au contrat avec le piège vide, puis la confirmation', async () => {
    const fetchMock = serverAnswers(json(200, { status: 'success', message: ETUDIANT_MESSAGES.demandeEnregistree }));
    renderPage();
    fill();
    expect(field('Ville').value).toBe('TROYES');
    send();
    await screen.findByRole('heading', { level: 1, name: 'Demande enregistrée' });
    expect(screen.getByRole('status').textContent).toBe(ETUDIANT_MESSAGES.demandeEnregistree);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/etudiant/add');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'zoe@example.fr',
      pays: 'FR',
      cp: '10000',
      ville: 'TROYES',
      ecole: 'UTT',
      adresse: '',
      [HONEYPOT_FIELD]: '',
    });
  });

  it('refusée par le serveur : son erreur sous le champ, focus dessus ; une limite atteinte donne sa raison', async () => {
    serverAnswers(
      json(400, { status: 'error', message: MESSAGES.requeteInvalide, errors: [{ key: 'email', error: 'Refusé.' }] }),
      json(429, { status: 'error', message: MESSAGES.tropDeRequetes, errors: [] }),
    );
    renderPage();
    fill();
    send();
    await waitFor(() => expect(errorOf('Adresse de courriel')).toBe('Refusé.'));
    // Every field was filled: the banner says what the server refused, not to fill them.
    expect(screen.getByRole('alert').textContent).toBe('« Adresse de courriel » : Refusé.');
    await waitFor(() => expect(document.activeElement).toBe(field('Adresse de courriel')));

    fireEvent.change(field('Adresse de courriel'), { target: { value: 'zoe.bis@example.fr' } });
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.tropDeRequetes));
  });

  it('tous les champs remplis mais un code postal belge en France : le bandeau nomme le code postal, rien ne part', async () => {
    const fetchMock = serverAnswers();
    renderPage();
    fill();
    fireEvent.change(field('Code postal'), { target: { value: '1050' } });
    send();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(`« Code postal » : ${ETUDIANT_FIELD_MESSAGES.cpFrance}`);
    expect(banner.textContent).not.toContain(MESSAGES.remplirTousLesChamps);
    expect(errorOf('Code postal')).toBe(ETUDIANT_FIELD_MESSAGES.cpFrance);
    await waitFor(() => expect(document.activeElement).toBe(field('Code postal')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('la liste des pays se filtre à la frappe (sans accents) ; à l’étranger le code postal est libre', async () => {
    const fetchMock = serverAnswers(json(200, { status: 'success', message: ETUDIANT_MESSAGES.demandeEnregistree }));
    renderPage();
    const pays = field('Pays');
    expect(pays.value).toBe('France');
    expect(field('Code postal').required).toBe(true);
    fireEvent.focus(pays);
    fireEvent.change(pays, { target: { value: 'etats' } });
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('États-Unis');
    fireEvent.change(pays, { target: { value: 'belg' } });
    expect(pays.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Belgique']);
    fireEvent.keyDown(pays, { key: 'Enter' });
    expect(pays.value).toBe('Belgique');
    expect(pays.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field('Code postal').required).toBe(false);

    fill();
    fireEvent.change(field('Code postal'), { target: { value: '1050' } });
    fireEvent.change(field('Ville'), { target: { value: 'Bruxelles' } });
    send();
    await screen.findByRole('heading', { level: 1, name: 'Demande enregistrée' });
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({
      pays: 'BE',
      cp: '1050',
      ville: 'BRUXELLES',
    });
  });

  it('un texte qui ne nomme aucun pays est remplacé par le pays choisi quand on quitte le champ ; Échap referme la liste', async () => {
    serverAnswers();
    renderPage();
    const pays = field('Pays');
    fireEvent.focus(pays);
    fireEvent.change(pays, { target: { value: 'Atlantide' } });
    expect(within(screen.getByRole('listbox')).getByRole('option').textContent).toBe('Aucun pays ne correspond');
    fireEvent.blur(pays);
    expect(pays.value).toBe('France');
    fireEvent.change(pays, { target: { value: 'suisse' } });
    fireEvent.keyDown(pays, { key: 'Escape' });
    expect(pays.value).toBe('France');
    // A name typed in full counts as chosen.
    fireEvent.change(pays, { target: { value: 'suisse' } });
    fireEvent.blur(pays);
    expect(pays.value).toBe('Suisse');
  });
});
