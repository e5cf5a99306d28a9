import { DIGEST_MESSAGES } from '@guichet/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { DigestPanel } from './digest-panel.tsx';

const PATH = '/api/admin/compte/resume-quotidien';
const EMAIL_PATH = '/api/admin/compte/courriel';
const box = () => screen.findByRole('checkbox', { name: 'Recevoir un résumé quotidien par courriel' });

describe('Mon compte : le résumé quotidien', () => {
  it('se coche quand l’agent a une adresse, et le serveur enregistre le choix', async () => {
    const choice = { digestQuotidien: false, email: 'anne@guichet.fr', adresse: 'anne@guichet.fr', raison: null };
    const fetchMock = fakeServer((url, init) => {
      if (url !== PATH) return undefined;
      if (init?.method === 'PUT') return json(200, { ...choice, ...JSON.parse(String(init.body)) });
      return json(200, choice);
    });
    renderWithQueries(<DigestPanel />);
    const checkbox = (await box()) as HTMLInputElement;
    expect(checkbox.disabled).toBe(false);
    expect(checkbox.getAttribute('aria-describedby')).toBe('resume-aide');
    expect(screen.getByText(/Chaque matin, à anne@guichet\.fr/)).toBeTruthy();
    fireEvent.click(checkbox);
    expect(await screen.findByText(DIGEST_MESSAGES.active)).toBeTruthy();
    await waitFor(() => expect(checkbox.checked).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ digestQuotidien: true });
  });

  it('grisée avec la raison sans adresse ; l’adresse saisie (vérifiée sur la page) la rend possible', async () => {
    const none = { digestQuotidien: false, email: null, adresse: null, raison: DIGEST_MESSAGES.sansAdresse };
    const fetchMock = fakeServer((url, init) => {
      if (url === PATH) return json(200, none);
      if (url === EMAIL_PATH && init?.method === 'PUT') {
        const { email } = JSON.parse(String(init.body));
        return json(200, { ...none, email, adresse: email, raison: null, message: DIGEST_MESSAGES.adresseEnregistree });
      }
      return undefined;
    });
    renderWithQueries(<DigestPanel />);
    const checkbox = (await box()) as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
    expect(screen.getByText(DIGEST_MESSAGES.sansAdresse)).toBeTruthy();

    const field = screen.getByRole('textbox', { name: 'Adresse électronique' }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: "Enregistrer l'adresse" });
    fireEvent.change(field, { target: { value: 'anne@' } });
    fireEvent.click(save);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(DIGEST_MESSAGES.adresseInvalide)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === EMAIL_PATH)).toBe(false);

    fireEvent.change(field, { target: { value: ' Anne@Guichet.fr ' } });
    fireEvent.click(save);
    expect(await screen.findByText(DIGEST_MESSAGES.adresseEnregistree)).toBeTruthy();
    await waitFor(() => expect(checkbox.disabled).toBe(false));
    expect(screen.getByText(/Chaque matin, à anne@guichet\.fr/)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url]) => url === EMAIL_PATH);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ email: 'anne@guichet.fr' });
  });

  it('le refus du serveur s’affiche sous le champ', async () => {
    const choice = { digestQuotidien: true, email: 'anne@guichet.fr', adresse: 'anne@guichet.fr', raison: null };
    fakeServer((url) => {
      if (url === PATH) return json(200, choice);
      if (url === EMAIL_PATH)
        return json(400, {
          status: 'error',
          message: DIGEST_MESSAGES.adresseInvalide,
          errors: [{ key: 'email', error: DIGEST_MESSAGES.adresseInvalide }],
        });
      return undefined;
    });
    renderWithQueries(<DigestPanel />);
    await box();
    const field = screen.getByRole('textbox', { name: 'Adresse électronique' }) as HTMLInputElement;
    expect(field.value).toBe('anne@guichet.fr');
    fireEvent.change(field, { target: { value: 'anne@guichet.org' } });
    fireEvent.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
