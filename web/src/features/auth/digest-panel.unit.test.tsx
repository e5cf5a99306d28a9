import { DIGEST_MESSAGES } from '@guichet/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { DigestPanel } from './digest-panel.tsx';

const PATH = '/api/admin/compte/resume-quotidien';
const box = () => screen.findByRole('checkbox', { name: 'Recevoir un résumé quotidien par courriel' });

describe('Mon compte : le résumé quotidien', () => {
  it('se coche quand l’identifiant est une adresse, et le serveur enregistre le choix', async () => {
    const choice = { digestQuotidien: false, adresse: 'anne@guichet.fr', raison: null };
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

  it('grisée avec la raison quand l’identifiant n’est pas une adresse', async () => {
    fakeServer((url) =>
      url === PATH
        ? json(200, { digestQuotidien: false, adresse: null, raison: DIGEST_MESSAGES.sansAdresse })
        : undefined,
    );
    renderWithQueries(<DigestPanel />);
    expect(((await box()) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(DIGEST_MESSAGES.sansAdresse)).toBeTruthy();
  });
});
