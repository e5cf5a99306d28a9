import { MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.ts';
import { renderWithQueries } from '../../../test/render.tsx';
import { describedText } from '../../../test/screen-reader.ts';
import { ParamsGate } from '../../lib/params.tsx';
import { SelfUpdatePage } from './self-update-page.tsx';

const TOKEN = 'lien-personnel';
const CURRENT_LOGO = `${'a'.repeat(32)}.png`;
const NEW_LOGO = `${'b'.repeat(32)}.png`;
const partenaire = {
  id: 7,
  nom: 'Vélo Campus',
  lien: 'https://velo-campus.fr',
  lienOffres: 'https://velo-campus.fr/etudiants',
  presentation: 'Location de vélos à prix réduit pour les étudiants.',
  logo: CURRENT_LOGO,
  nomComplet: 'Association Vélo Campus Troyes',
  adresse: '3 rue des Cyclistes',
  cp: '10000',
  ville: 'TROYES',
  telephone: '0325000001',
  mail: 'contact@velo-campus.fr',
  civiliteR: 'Madame',
  nomR: 'Martin',
  prenomR: 'Claire',
  fonctionR: 'Présidente',
  telephoneR: '0612345678',
  mailR: 'claire.martin@velo-campus.fr',
};

/** The server as `fetch` sees it: the partner behind the link, the logo upload, and the proposals in turn. */
function server(...proposals: Response[]) {
  const sent: unknown[] = [];
  fakeServer((url, init) => {
    if (url === `/api/partenaire/get/one/by/${TOKEN}`) return json(200, { partenaire });
    if (url === '/api/logo/upload') return json(200, { status: 'success', file: NEW_LOGO });
    if (url === `/api/partenaire/update/${partenaire.id}` && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return proposals.shift();
    }
  });
  return sent;
}

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/update/partenaire/${TOKEN}`]}>
      <Routes>
        <Route path="/update/partenaire/:token" element={<SelfUpdatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function chooseNewLogo() {
  const input = screen.getByTestId('champ-logo-fichier') as HTMLInputElement;
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'nouveau.png', { type: 'image/png' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
  await screen.findByRole('img', { name: 'Logo de Vélo Campus' });
}

describe('mise à jour d’un partenaire par son lien personnel', () => {
  it('montre sous le logo l’erreur que renvoie le serveur, focus sur le logo, puis le message de réussite', {
    timeout: 30_000,
  }, async () => {
    const sent = server(
      json(400, {
        status: 'error',
        message: MESSAGES.remplirTousLesChamps,
        errors: [{ key: 'logo', error: PARTENAIRE_MESSAGES.logoInconnu }],
      }),
      json(200, { status: 'success', message: PARTENAIRE_MESSAGES.modificationsEnvoyees }),
    );
    renderPage();
    const nom = (await screen.findByRole('textbox', { name: /^Nom du partenaire/ })) as HTMLInputElement;
    expect(nom.value).toBe('Vélo Campus');
    const submit = screen.getByRole('button', { name: 'Valider les modifications' }) as HTMLButtonElement;
    // Nothing changed yet: only the confirmation is offered.
    expect(submit.disabled).toBe(true);

    await chooseNewLogo();
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    // The server no longer knows the uploaded logo: its sentence lands under the logo field.
    await screen.findByText(PARTENAIRE_MESSAGES.logoInconnu);
    const logoButton = document.getElementById('champ-logo') as HTMLElement;
    expect(describedText(logoButton)).toContain(PARTENAIRE_MESSAGES.logoInconnu);
    // The only field in error is a button, not an input: the focus still goes to it.
    await waitFor(() => expect(document.activeElement).toBe(logoButton));
    // Every field is filled: the banner names what is wrong instead of asking to fill them.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      `« Logo » : ${PARTENAIRE_MESSAGES.logoInconnu}`,
    );
    expect(sent[0]).toMatchObject({ logo: NEW_LOGO, token: TOKEN, telephone: '0325000001' });

    // Uploaded again and sent: the server's success message replaces the form.
    await chooseNewLogo();
    fireEvent.click(submit);
    const done = await screen.findByText(PARTENAIRE_MESSAGES.modificationsEnvoyees);
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Valider les modifications' })).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('un lien usé ou expiré explique pourquoi, propose un nouveau lien par e-mail et donne le contact du guichet', async () => {
    const asked: unknown[] = [];
    fakeServer((url, init) => {
      if (url === '/api/params/get/all')
        return json(200, {
          nomSite: 'Guichet numérique étudiant',
          annee: 2026,
          emailContact: 'guichet@example.fr',
          telephoneContact: '03 25 00 00 00',
          adresseContact: '1 place de la Mairie, 10000 Troyes',
        });
      if (url === `/api/partenaire/get/one/by/${TOKEN}`)
        return json(404, { status: 'error', message: MESSAGES.partenaireIntrouvableToken, errors: [] });
      if (url === '/api/partenaire/lien' && init?.method === 'POST') {
        asked.push(JSON.parse(String(init.body)));
        return json(200, { status: 'success', message: PARTENAIRE_MESSAGES.lienDemande });
      }
    });
    renderWithQueries(
      <ParamsGate>
        <MemoryRouter initialEntries={[`/update/partenaire/${TOKEN}`]}>
          <Routes>
            <Route path="/update/partenaire/:token" element={<SelfUpdatePage />} />
          </Routes>
        </MemoryRouter>
      </ParamsGate>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.partenaireIntrouvableToken);
    expect(alert.textContent).toContain("il ne sert qu'une fois");
    expect(screen.getByRole('link', { name: '03 25 00 00 00' }).getAttribute('href')).toBe('tel:0325000000');
    expect(screen.getByRole('link', { name: 'guichet@example.fr' }).getAttribute('href')).toBe(
      'mailto:guichet@example.fr',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Adresse de courriel/ }), {
      target: { value: 'contact@velo-campus.fr' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un nouveau lien' }));
    const done = await screen.findByRole('status');
    await waitFor(() => expect(done.textContent).toBe(PARTENAIRE_MESSAGES.lienDemande));
    expect(asked).toEqual([{ email: 'contact@velo-campus.fr' }]);
  }, 30_000);
});
