import { MODIFICATION_MESSAGES, OFFRE_ARCHIVEE, STATUT } from '@guichet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { logement, proprietaire } from '../../../test/fixtures.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { LogementPage } from './logement-page.tsx';

const TOKEN = 'lien-personnel';
const URL_MODIFICATION = `/api/logement/${TOKEN}/modification`;
const offer = {
  id: 12,
  idStatut: STATUT.valide,
  statut: 'Validé',
  date: '2026-09-01T08:00:00.000Z',
  dateValidation: '2026-09-03T08:00:00.000Z',
  dateConfirmation: '2026-09-03T08:00:00.000Z',
  dateRelance: null,
  motifArchivage: null,
  motifArchivageTexte: null,
  proprietaire,
  logement,
  tempdata: null,
  motifRefus: null,
  remiseEnLigne: null,
};
const waiting = {
  ...offer,
  tempdata: {
    date: '2026-10-02T08:00:00.000Z',
    proprietaire,
    logement: { ...logement, loyer: 'Entre 400 et 450 euros', charges: '40.00' },
  },
};

/** The server behind the link: the offer in its successive states; each modification sent is kept. */
function server(states: unknown[], answer?: Response) {
  const sent: unknown[] = [];
  fakeServer((url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && url === `/api/logement/${TOKEN}`)
      return json(200, states.length > 1 ? states.shift() : states[0]);
    if (init?.method === 'POST' && url === URL_MODIFICATION) {
      sent.push(JSON.parse(String(init.body)));
      return answer;
    }
  });
  return sent;
}

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/logement/${TOKEN}`]}>
      <Routes>
        <Route path="/logement/:token" element={<LogementPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const openForm = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Modifier mon offre' }));
  return screen.findByRole('region', { name: 'Modifier mon offre' });
};
const input = (form: HTMLElement, label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;

describe('« Modifier mon offre » sur la page personnelle', { timeout: 30_000 }, () => {
  it('ouvre les champs de l’assistant remplis avec l’offre, et envoie l’offre entière modifiée', async () => {
    const sent = server([offer, waiting], json(200, { status: 'success', message: MODIFICATION_MESSAGES.transmises }));
    renderPage();
    const form = await openForm();
    // The form replaces the description; its heading takes the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Modifier mon offre'));
    expect(screen.queryByRole('region', { name: 'Logement' })).toBeNull();
    expect(form.textContent).toContain('vérifiées par le guichet');
    expect(input(form, /^Nom/).value).toBe('DUPONT');
    expect(input(form, /^Téléphone/).value).toBe('06 12 34 56 78');
    expect(input(form, /^Étage/).value).toBe('3ème étage');
    expect(input(form, /^Charges mensuelles/).value).toBe('30.50');
    const ascenseur = within(form).getByRole('radiogroup', { name: /^Ascenseur/ });
    expect((within(ascenseur).getByRole('radio', { name: 'Oui' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(input(form, /^Loyer hors charges/), { target: { value: 'Entre 400 et 450 euros' } });
    fireEvent.change(input(form, /^Charges mensuelles/), { target: { value: '40,00' } });
    fireEvent.change(input(form, /^Téléphone/), { target: { value: '06 98 76 54 32' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));

    const banner = await screen.findByText(MODIFICATION_MESSAGES.transmises);
    await waitFor(() => expect(document.activeElement).toBe(banner.closest('[role="status"]')));
    expect(sent).toEqual([
      {
        proprietaire: { ...proprietaire, telephone: '0698765432', prenom: 'Marie' },
        logement: { ...logement, loyer: 'Entre 400 et 450 euros', charges: '40.00' },
      },
    ]);
    // Reloaded: the offer as listed, and the changes said to await review.
    const statut = await screen.findByText('Modifications en attente de vérification');
    expect(statut.closest('[role="alert"]')?.textContent).toContain(
      '(Loyer hors charges, Charges mensuelles (en euros))',
    );
    expect(screen.getByRole('region', { name: 'Logement' }).textContent).toContain('Entre 350 et 400 euros');
    expect(screen.queryByRole('region', { name: 'Modifier mon offre' })).toBeNull();
  });

  it('reprend les modifications déjà transmises ; « Annuler » ne change rien et rend le focus au bouton', async () => {
    const sent = server([waiting]);
    renderPage();
    const form = await openForm();
    expect(input(form, /^Loyer hors charges/).value).toBe('Entre 400 et 450 euros');
    expect(form.textContent).toContain('les enregistrer de nouveau les remplace');
    fireEvent.click(within(form).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Modifier mon offre'));
    expect(screen.getByRole('region', { name: 'Logement' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('une saisie incomplète n’est pas envoyée ; le refus du serveur s’affiche sous son champ', async () => {
    const sent = server(
      [{ ...offer, idStatut: STATUT.enAttente, statut: 'En attente', dateValidation: null }],
      json(400, {
        status: 'error',
        message: 'La requête est invalide.',
        errors: [{ key: 'telephone', error: 'Veuillez saisir un numéro de téléphone français à 10 chiffres.' }],
      }),
    );
    renderPage();
    const form = await openForm();
    expect(form.textContent).toContain('s’appliquent dès leur enregistrement');
    fireEvent.change(input(form, /^Nom/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(document.activeElement).toBe(input(form, /^Nom/)));
    expect(input(form, /^Nom/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(input(form, /^Nom/), { target: { value: 'Dupont' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(input(form, /^Téléphone/).getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('Veuillez saisir un numéro de téléphone français à 10 chiffres.');
    // The focus moves in an effect after the error renders.
    await waitFor(() => expect(document.activeElement).toBe(input(form, /^Téléphone/)));
    expect(sent).toHaveLength(1);
  });

  it('une offre archivée entre-temps : le formulaire se ferme sur le message du serveur', async () => {
    server(
      [offer, { ...offer, idStatut: STATUT.archive, statut: 'Archivé' }],
      json(409, { status: 'error', message: OFFRE_ARCHIVEE, errors: [] }),
    );
    renderPage();
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(OFFRE_ARCHIVEE);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Modifier mon offre' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Modifier mon offre' })).toBeNull();
  });

  it('pas de « Modifier mon offre » pour une offre refusée', async () => {
    server([{ ...offer, idStatut: STATUT.refuse, statut: 'Refusé' }]);
    renderPage();
    await screen.findByRole('region', { name: 'Statut de votre offre' });
    expect(screen.queryByRole('button', { name: 'Modifier mon offre' })).toBeNull();
  });
});
