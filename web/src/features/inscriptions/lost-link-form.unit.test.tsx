import { LIEN_PERDU_REPONSE } from '@guichet/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, serverAnswers } from '../../../test/fake-server.ts';
import { LostLinkForm } from './lost-link-form.tsx';
import { WizardPage } from './wizard-page.tsx';

describe('lien perdu', { timeout: 30_000 }, () => {
  it('envoie l’adresse et montre la confirmation (focus), le formulaire disparu', async () => {
    const fetchMock = serverAnswers(json(200, { status: 'success', message: LIEN_PERDU_REPONSE }));
    render(<LostLinkForm />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Adresse de courriel/ }), {
      target: { value: 'marie.dupont@example.fr' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));
    const done = await screen.findByText(LIEN_PERDU_REPONSE);
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[role="status"]')));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/inscription/lien');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'marie.dupont@example.fr' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('une adresse mal formée est refusée sur la page, sans appel', async () => {
    const fetchMock = serverAnswers();
    render(<LostLinkForm />);
    const email = screen.getByRole('textbox', { name: /^Adresse de courriel/ });
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('s’ouvre depuis la page « Proposer un logement », discrètement', async () => {
    serverAnswers();
    render(
      <MemoryRouter>
        <WizardPage />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Recevoir mon lien' })).toBeNull();
    const entry = screen.getByRole('button', { name: 'Recevoir à nouveau mon lien' });
    expect(entry.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(entry);
    expect(entry.getAttribute('aria-expanded')).toBe('true');
    // Its code comes when asked for (wizard-page.tsx), not with the wizard's first screen.
    expect(await screen.findByRole('heading', { name: 'Recevoir à nouveau mon lien personnel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recevoir mon lien' })).toBeTruthy();
    fireEvent.click(entry);
    expect(screen.queryByRole('button', { name: 'Recevoir mon lien' })).toBeNull();
  });
});
