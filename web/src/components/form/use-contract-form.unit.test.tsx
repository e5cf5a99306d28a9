import { endpoint, HONEYPOT_FIELD, MESSAGES, successSchema } from '@guichet/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { testEndpoint } from '../../../test/contract-check.ts';
import { json, serverAnswers } from '../../../test/fake-server.ts';
import { describedText } from '../../../test/screen-reader.ts';
import { call, UNREACHABLE } from '../../lib/api.ts';
import { Honeypot } from '../honeypot.tsx';
import { FormBanner, SelectInput, SubmitButton, TextInput } from './fields.tsx';
import { RadioInput } from './radio-input.tsx';
import { useContractForm } from './use-contract-form.ts';

const schema = z.object({
  proprietaire: z.object({
    nom: z.string().trim().min(1, { error: 'Veuillez saisir le nom.' }),
    prenom: z.string().trim().min(1, { error: 'Veuillez saisir le prénom.' }),
  }),
  ville: z.string().trim().min(1, { error: 'Veuillez saisir la ville.' }),
  ecole: z.enum(['UTT', 'IUT'], { error: 'Veuillez choisir une école.' }),
  meuble: z.enum(['Oui', 'Non'], { error: 'Veuillez répondre.' }),
});
// Not in the contract: held to its own response schema all the same.
const add = testEndpoint(
  endpoint({
    method: 'POST',
    path: '/api/essai/add',
    access: 'public',
    body: schema,
    response: { 200: successSchema },
  }),
);

function EssaiForm({
  invalidMessage,
  load,
}: {
  invalidMessage?: string;
  /** The schema loaded apart, as a public form does: its first screen goes without it. */
  load?: () => Promise<typeof schema>;
}) {
  const form = useContractForm({
    schema: load ?? schema,
    defaultValues: { proprietaire: { nom: '', prenom: '' }, ville: '', ecole: '' as 'UTT', meuble: '' as 'Oui' },
    submit: (body) => call(add, { body }),
    invalidMessage,
    honeypot: true,
  });
  return (
    <form {...form.formProps}>
      <FormBanner form={form} />
      <TextInput form={form} name="proprietaire.nom" label="Nom" required />
      <TextInput form={form} name="proprietaire.prenom" label="Prénom" required />
      <TextInput form={form} name="ville" label="Ville" required shape={(v) => v.toUpperCase()} />
      <SelectInput form={form} name="ecole" label="École" options={['UTT', 'IUT']} required />
      <RadioInput form={form} name="meuble" label="Meublé" options={['Oui', 'Non']} required />
      <Honeypot {...form.honeypot} />
      <SubmitButton form={form}>Envoyer</SubmitButton>
    </form>
  );
}

const input = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

function fillValid() {
  fireEvent.change(input('Nom'), { target: { value: 'Martin' } });
  fireEvent.change(input('Prénom'), { target: { value: 'Léa' } });
  fireEvent.change(input('Ville'), { target: { value: 'troyes' } });
  fireEvent.change(screen.getByRole('combobox', { name: /École/ }), { target: { value: 'IUT' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Non' }));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

describe('useContractForm', { timeout: 20_000 }, () => {
  it('une erreur vue sur la page : sous son champ, reliée par aria-describedby, focus dessus ; rien n’est envoyé', async () => {
    const fetchMock = serverAnswers();
    render(<EssaiForm invalidMessage={MESSAGES.remplirTousLesChamps} />);
    fireEvent.change(input('Nom'), { target: { value: 'Martin' } });
    submit();
    const prenom = input('Prénom');
    await waitFor(() => expect(prenom.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(prenom)).toBe('Veuillez saisir le prénom.');
    expect(input('Nom').getAttribute('aria-invalid')).toBe('false');
    // The first field in error in the page's order, not the first of the schema's errors.
    await waitFor(() => expect(document.activeElement).toBe(prenom));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.remplirTousLesChamps);
    expect(fetchMock).not.toHaveBeenCalled();
    // Corrected, the error goes as the person types.
    fireEvent.change(prenom, { target: { value: 'Léa' } });
    await waitFor(() => expect(prenom.getAttribute('aria-invalid')).toBe('false'));
  });

  it('un 400 du serveur : chaque erreur sous son champ, clé complète ou dernier segment ; focus sur le premier', async () => {
    serverAnswers(
      json(400, {
        status: 'error',
        message: MESSAGES.requeteInvalide,
        errors: [
          { key: 'ville', error: 'Ville inconnue.' },
          { key: 'proprietaire.prenom', error: 'Prénom refusé.' },
          { key: 'nom', error: 'Nom refusé.' },
        ],
      }),
    );
    render(<EssaiForm />);
    fillValid();
    submit();
    const nom = input('Nom');
    await waitFor(() => expect(describedText(nom)).toBe('Nom refusé.'));
    expect(nom.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input('Prénom'))).toBe('Prénom refusé.');
    expect(describedText(input('Ville'))).toBe('Ville inconnue.');
    await waitFor(() => expect(document.activeElement).toBe(nom));
    // Errors under the fields say it all: no banner unless the form asks for one.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('envoie les valeurs lues par le schéma et le piège à robots ; bouton désactivé pendant l’appel ; message du serveur en bandeau', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = serverAnswers(new Promise<Response>((resolve) => (answer = resolve)));
    render(<EssaiForm />);
    fillValid();
    fireEvent.change(document.getElementById(HONEYPOT_FIELD) as HTMLInputElement, { target: { value: 'robot' } });
    submit();
    const button = screen.getByRole('button', { name: 'Envoyer' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(button.hasAttribute('disabled')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/essai/add');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      proprietaire: { nom: 'Martin', prenom: 'Léa' },
      ville: 'TROYES',
      ecole: 'IUT',
      meuble: 'Non',
      [HONEYPOT_FIELD]: 'robot',
    });
    await act(async () => answer(json(200, { status: 'success', message: 'Demande enregistrée.' })));
    expect((await screen.findByRole('status')).textContent).toBe('Demande enregistrée.');
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('un serveur injoignable : le message UNREACHABLE en bandeau, focus rendu au premier champ', async () => {
    serverAnswers(new TypeError('Failed to fetch'));
    render(<EssaiForm invalidMessage={MESSAGES.remplirTousLesChamps} />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(UNREACHABLE);
    await waitFor(() => expect(document.activeElement).toBe(input('Nom')));
  });

  it('un refus sans erreur de champ (429) : le message du serveur, même quand le formulaire a un bandeau de saisie', async () => {
    serverAnswers(json(429, { status: 'error', message: MESSAGES.tropDeRequetes, errors: [] }));
    render(<EssaiForm invalidMessage={MESSAGES.remplirTousLesChamps} />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tropDeRequetes);
  });

  it('un schéma chargé à part, dès que la personne touche la page : un envoi avant son arrivée l’attend (bouton désactivé, rien ne part), puis les mêmes erreurs', async () => {
    const fetchMock = serverAnswers();
    let arrive = (_: typeof schema) => {};
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    render(<EssaiForm load={load} invalidMessage={MESSAGES.remplirTousLesChamps} />);
    // Not with the first screen (a phone would evaluate it while drawing the page)…
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    // …but as soon as the person turns to the form: the first field they focus.
    fireEvent.focusIn(input('Nom'));
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.change(input('Nom'), { target: { value: 'Martin' } });
    submit();
    const button = screen.getByRole('button', { name: 'Envoyer' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(input('Prénom').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => arrive(schema));
    const prenom = input('Prénom');
    await waitFor(() => expect(prenom.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(prenom)).toBe('Veuillez saisir le prénom.');
    await waitFor(() => expect(document.activeElement).toBe(prenom));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.remplirTousLesChamps);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('un schéma qui ne se charge pas : UNREACHABLE en bandeau, rien ne part ; réessayé à l’envoi suivant', async () => {
    const fetchMock = serverAnswers(json(200, { status: 'success', message: 'Enregistré.' }));
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    render(<EssaiForm load={load} />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(UNREACHABLE);
    expect(fetchMock).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Envoyer' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    online = true;
    submit();
    expect((await screen.findByRole('status')).textContent).toBe('Enregistré.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
