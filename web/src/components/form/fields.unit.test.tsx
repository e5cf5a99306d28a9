import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { describedText } from '../../../test/screen-reader.ts';
import { SelectInput, SubmitButton, TextInput } from './fields.tsx';
import { RadioInput } from './radio-input.tsx';
import { useContractForm } from './use-contract-form.ts';

// The fields on native elements (field-styles.ts): what a screen reader, a keyboard and the form rely on.
const schema = z.object({
  nom: z.string().trim().min(1, { error: 'Veuillez saisir le nom.' }),
  message: z.string(),
  nombre: z.number({ error: 'Veuillez choisir un nombre.' }).nullable(),
  ascenseur: z.boolean({ error: 'Veuillez répondre.' }),
});

function Essai({
  submit,
  disabled,
}: {
  submit: (body: z.output<typeof schema>) => Promise<unknown>;
  disabled?: boolean;
}) {
  const form = useContractForm({
    schema,
    defaultValues: { nom: '', message: '', nombre: null, ascenseur: undefined },
    submit,
    onSuccess: () => {},
  });
  return (
    <form {...form.formProps}>
      <TextInput form={form} name="nom" label="Nom" required help="Comme sur la carte d’identité." />
      <TextInput form={form} name="message" label="Message" multiline disabled={disabled} />
      <SelectInput
        form={form}
        name="nombre"
        label="Nombre"
        emptyValue={null}
        options={[
          { value: 1, label: 'Un' },
          { value: 2, label: 'Deux' },
        ]}
      />
      <RadioInput
        form={form}
        name="ascenseur"
        label="Ascenseur"
        required
        disabled={disabled}
        options={[
          { value: true, label: 'Oui' },
          { value: false, label: 'Non' },
        ]}
      />
      <SubmitButton form={form}>Envoyer</SubmitButton>
    </form>
  );
}

describe('les champs du formulaire', () => {
  it('un libellé par champ, l’astérisque d’un champ requis tue pour le lecteur d’écran, l’aide liée au champ', () => {
    render(<Essai submit={vi.fn()} />);
    const nom = screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement;
    expect(nom.required).toBe(true);
    expect(nom.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(nom)).toBe('Comme sur la carte d’identité.');
    // Seen: the asterisk; heard: « Nom », required.
    expect(screen.getByText('Nom').closest('label')?.textContent).toBe('Nom *');
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message.tagName).toBe('TEXTAREA');
    expect((message as HTMLInputElement).required).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Nombre' }).tagName).toBe('SELECT');
    const group = screen.getByRole('radiogroup', { name: 'Ascenseur' });
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('name')),
    ).toEqual(['ascenseur', 'ascenseur']);
  });

  it('envoyé vide : chaque erreur sous son champ, dite avec lui, focus sur le premier', async () => {
    const submit = vi.fn();
    render(<Essai submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const nom = screen.getByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(nom.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(nom)).toBe('Veuillez saisir le nom.');
    const group = screen.getByRole('radiogroup', { name: 'Ascenseur' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(group)).toBe('Veuillez répondre.');
    // The focus moves once the refused press is over (use-contract-form.ts), a render after the errors.
    await waitFor(() => expect(document.activeElement).toBe(nom));
    expect(submit).not.toHaveBeenCalled();
  });

  it('rend les choix avec leur type : un nombre, null pour « Choisir… », un booléen', async () => {
    const submit = vi.fn();
    render(<Essai submit={submit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: ' Martin ' } });
    const nombre = screen.getByRole('combobox', { name: 'Nombre' });
    fireEvent.change(nombre, { target: { value: '2' } });
    fireEvent.change(nombre, { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Non' }));
    expect((screen.getByRole('radio', { name: 'Non' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toMatchObject({ nom: 'Martin', nombre: null, ascenseur: false });
  });

  it('un groupe désactivé ne se coche pas', () => {
    render(<Essai submit={vi.fn()} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});
