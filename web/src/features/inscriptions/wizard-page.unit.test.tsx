import { FIELD_MESSAGES, HONEYPOT_FIELD, inscriptionSchema, MESSAGES } from '@guichet/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, serverAnswers } from '../../../test/fake-server.ts';
import { describedText } from '../../../test/screen-reader.ts';
import { WizardPage } from './wizard-page.tsx';

const accepted = () => json(200, { status: 'success', errors: [] });

const showWizard = () =>
  render(
    <MemoryRouter>
      <WizardPage />
    </MemoryRouter>,
  );

/** A field by its whole label (required fields end with an asterisk). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\u2009*]*$`)) as
    | HTMLInputElement
    | HTMLSelectElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const answer = (question: string, choice: 'Oui' | 'Non') =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: choice }));
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** The step the indicator marks as current, and each step's text (its figure first, hidden from screen readers). */
const steps = () => {
  const list = screen.getByRole('list', { name: "Étapes de l'inscription" });
  const items = within(list).getAllByRole('listitem');
  return {
    current: items.filter((li) => li.getAttribute('aria-current') === 'step').map((li) => li.textContent),
    texts: items.map((li) => li.textContent),
  };
};
// A step opens in a transition (the router's navigation): MUI in happy-dom on a shared machine takes its time.
const stepHeading = (name: string) =>
  screen.findByRole('heading', { level: 2, name: new RegExp(`${name}$`) }, { timeout: 8000 });

function fillProprietaire() {
  type('Nom', 'dupont');
  type('Prénom', 'marie-claire');
  type('Téléphone', '06 12 34 56 78');
  type('Adresse de courriel', 'marie.dupont@example.fr');
  type('Adresse du logement', '8 rue Émile Zola');
  type('Code postal', '10000');
  type('Ville', 'troyes');
}

/** The owner filled by fillProprietaire, as the contract reads it. */
const OWNER = {
  nom: 'DUPONT',
  prenom: 'Marie-Claire',
  telephone: '0612345678',
  email: 'marie.dupont@example.fr',
  adresse: '8 rue Émile Zola',
  cp: '10000',
  ville: 'TROYES',
};

function fillLogement() {
  type('Proximité', 'Secteur Yschools');
  type('Type de logement', 'T1');
  answer('Colocation', 'Non');
  answer('Logement situé dans un immeuble', 'Oui');
  type('Étage', '3ème étage');
  type('Surface', 'Entre 25 et 30 m²');
  type('Chauffage', 'Individuel gaz');
  type('Loyer hors charges', 'Entre 350 et 400 euros');
  type('Charges mensuelles (en euros)', '30,5');
  type('Équipement', 'Meublé');
  type('Informations sur le logement', 'Logement neuf');
  answer('Ascenseur', 'Oui');
  answer('Local vélo', 'Non');
  answer('Parking voiture', 'Non');
  answer('Éligible aux aides au logement (CAF)', 'Oui');
}

/** Both steps filled and accepted: the recap. */
async function showRecap() {
  showWizard();
  fillProprietaire();
  press('Suivant');
  await stepHeading('Logement');
  fillLogement();
  press('Suivant');
  await stepHeading('Récapitulatif');
}

// MUI in happy-dom on a shared machine: a whole journey takes seconds.
describe('assistant « Proposer un logement »', { timeout: 60_000 }, () => {
  // The draft is kept in the tab's storage, which the files of this project share (vitest.config.ts).
  beforeEach(() => sessionStorage.clear());

  it('montre sous son champ l’erreur que la vérification du serveur renvoie, puis passe à l’étape suivante une fois acceptée', async () => {
    const refused = 'Cette adresse de courriel est refusée.';
    const fetchMock = serverAnswers(
      json(400, { status: 'error', message: MESSAGES.requeteInvalide, errors: [{ key: 'email', error: refused }] }),
      accepted(),
    );
    showWizard();
    expect(steps()).toEqual({ current: ['1Propriétaire'], texts: ['1Propriétaire', '2Logement', '3Récapitulatif'] });
    fillProprietaire();
    press('Suivant');

    const email = field('Adresse de courriel');
    await waitFor(() => expect(describedText(email)).toBe(refused));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.champsObligatoires);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByRole('heading', { level: 2, name: /Propriétaire$/ })).toBeTruthy();
    // The step's values as the contract reads them, in the check's query string.
    const [url] = fetchMock.mock.calls[0];
    const query = new URL(url, 'http://portail').searchParams;
    expect(url).toMatch(/^\/api\/inscription\/proprietaire\/validate\?/);
    expect(Object.fromEntries(query)).toEqual(OWNER);

    press('Suivant');
    await stepHeading('Logement');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // A step done says so to a screen reader.
    expect(steps().current).toEqual(['2Logement']);
    expect(screen.getByText('(terminée)', { exact: false }).closest('li')?.textContent).toBe(
      '1Propriétaire (terminée)',
    );
  });

  it('une étape incomplète montre ses erreurs sans appeler le serveur', async () => {
    const fetchMock = serverAnswers();
    showWizard();
    type('Nom', 'dupont');
    press('Suivant');
    const prenom = field('Prénom');
    await waitFor(() => expect(describedText(prenom)).toBe(FIELD_MESSAGES.obligatoire));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.champsObligatoires);
    expect(field('Nom').getAttribute('aria-invalid')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('la dernière étape envoie l’offre telle que le point d’accès l’attend, avec le piège à robots', async () => {
    const fetchMock = serverAnswers(
      accepted(),
      accepted(),
      json(200, { status: 'success', message: 'Votre offre de logement a bien été enregistrée.' }),
    );
    await showRecap();
    press('Valider');
    await stepHeading('Merci, votre offre de logement est enregistrée');

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[2];
    expect(url).toBe('/api/inscription/add');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toEqual({
      proprietaire: OWNER,
      logement: {
        proximite: 'Secteur Yschools',
        type: 'T1',
        colocation: 'Non',
        immeuble: 'Oui',
        etage: '3ème étage',
        surface: 'Entre 25 et 30 m²',
        chauffage: 'Individuel gaz',
        loyer: 'Entre 350 et 400 euros',
        charges: '30.5',
        equipement: 'Meublé',
        infoLogement: 'Logement neuf',
        ascenceur: true,
        parking: 'Non',
        typeParking: null,
        localVelo: false,
        caf: 'Oui',
      },
      [HONEYPOT_FIELD]: '',
    });
    expect(inscriptionSchema.safeParse(body).success).toBe(true);
  });

  it('une offre refusée à l’envoi ramène à l’étape du champ en cause, l’erreur sous le champ', async () => {
    serverAnswers(
      accepted(),
      accepted(),
      json(400, {
        status: 'error',
        message: MESSAGES.requeteInvalide,
        errors: [{ key: 'surface', error: FIELD_MESSAGES.choix }],
      }),
    );
    await showRecap();
    press('Valider');

    await stepHeading('Logement');
    await waitFor(() => expect(describedText(field('Surface'))).toBe(FIELD_MESSAGES.choix));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.erreurEnregistrementInscription);
    // What was typed is still there.
    expect(field('Étage').value).toBe('3ème étage');
  });

  it('la confirmation nomme l’adresse du courriel au lien personnel ; « Proposer un autre logement » garde le propriétaire', async () => {
    serverAnswers(
      accepted(),
      accepted(),
      json(200, { status: 'success', message: 'Votre offre de logement a bien été enregistrée.' }),
      accepted(),
    );
    await showRecap();
    expect(sessionStorage.length).toBe(1);
    press('Valider');
    const merci = await stepHeading('Merci, votre offre de logement est enregistrée');
    const confirmation = merci.parentElement?.textContent ?? '';
    expect(confirmation).toContain('Nos services vont la vérifier.');
    expect(confirmation).toContain(
      'Un courriel avec votre lien personnel pour gérer votre offre va vous être envoyé à marie.dupont@example.fr.',
    );
    // Sent: nothing of the offer stays in the tab.
    await waitFor(() => expect(sessionStorage.length).toBe(0));

    press('Proposer un autre logement');
    await stepHeading('Propriétaire');
    expect(field('Nom').value).toBe('DUPONT');
    expect(field('Adresse de courriel').value).toBe('marie.dupont@example.fr');
    expect(field('Ville').value).toBe('TROYES');
    // The owner is checked again by the server, then the housing starts empty.
    press('Suivant');
    await stepHeading('Logement');
    expect(field('Proximité').value).toBe('');
    expect(field('Type de logement').value).toBe('');
    expect(field('Charges mensuelles (en euros)').value).toBe('');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Colocation' })).getByRole('radio', { name: 'Non' }),
    ).toHaveProperty('checked', false);
  });

  it('ce qui est tapé reste dans l’onglet : la page rouverte le remet, à la même étape', async () => {
    serverAnswers(accepted());
    const first = render(
      <MemoryRouter>
        <WizardPage />
      </MemoryRouter>,
    );
    fillProprietaire();
    press('Suivant');
    await stepHeading('Logement');
    type('Type de logement', 'T1');
    first.unmount();

    // The same tab reopened at the housing step (as a reload does): both steps as they were typed.
    render(
      <MemoryRouter initialEntries={['/inscription/proprietaire?etape=logement']}>
        <WizardPage />
      </MemoryRouter>,
    );
    await stepHeading('Logement');
    expect(field('Type de logement').value).toBe('T1');
    press('Précédent');
    await stepHeading('Propriétaire');
    expect(field('Nom').value).toBe('DUPONT');
  });

  it('une étape pas encore atteinte, demandée par l’adresse, ouvre la première', async () => {
    render(
      <MemoryRouter initialEntries={['/inscription/proprietaire?etape=recapitulatif']}>
        <WizardPage />
      </MemoryRouter>,
    );
    await stepHeading('Propriétaire');
    expect(steps().current).toEqual(['1Propriétaire']);
  });
});
