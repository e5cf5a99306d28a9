import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describedText } from '../../../test/screen-reader.ts';
import { TextInput } from './fields.tsx';
import { lengthCount, pasteCut } from './length-note.tsx';
import { useContractForm } from './use-contract-form.ts';

const schema = z.object({ adresse: z.string(), cp: z.string() });

function Essai() {
  const form = useContractForm({
    schema,
    defaultValues: { adresse: '', cp: '' },
    submit: async () => ({}),
    onSuccess: () => {},
  });
  return (
    <form {...form.formProps}>
      <TextInput form={form} name="adresse" label="Adresse" maxLength={255} />
      <TextInput form={form} name="cp" label="Code postal" maxLength={5} />
    </form>
  );
}

/** What the address field's live region says (a screen reader hears it when it changes). */
const liveText = () => document.querySelector('#champ-adresse-longueur [aria-live="polite"]')?.textContent;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** A paste as the browser does it: the paste event, then the field holds what its maxlength let in. */
function paste(el: HTMLInputElement, text: string) {
  fireEvent.paste(el, { clipboardData: { getData: () => text } });
  fireEvent.change(el, { target: { value: text.slice(0, el.maxLength) } });
}

describe('longueur des champs de texte', () => {
  it('montre le compteur près de la limite seulement, et jamais sur un champ court', () => {
    render(<Essai />);
    const adresse = input('Adresse');
    fireEvent.change(adresse, { target: { value: 'x'.repeat(200) } });
    expect(screen.queryByText(lengthCount(200, 255))).toBeNull();
    fireEvent.change(adresse, { target: { value: 'x'.repeat(204) } });
    expect(screen.getByText(lengthCount(204, 255))).toBeTruthy();
    // Read with the field by a screen reader.
    expect(describedText(adresse)).toBe(lengthCount(204, 255));
    fireEvent.change(input('Code postal'), { target: { value: '1000' } });
    expect(screen.queryByText(/\/ 5 caractères/)).toBeNull();
  });

  it('dit en français qu’un texte collé trop long a été coupé, jusqu’à la frappe suivante', () => {
    render(<Essai />);
    const adresse = input('Adresse');
    const long = `${'mot '.repeat(70)}fin`;
    paste(adresse, long);
    expect(adresse.value).toHaveLength(255);
    expect(liveText()).toBe(pasteCut(255));
    expect(describedText(adresse)).toBe(`${lengthCount(255, 255)} — ${pasteCut(255)}`);

    fireEvent.keyDown(adresse, { key: 'Backspace' });
    fireEvent.change(adresse, { target: { value: adresse.value.slice(0, -1) } });
    expect(liveText()).toBe('');

    // A paste that fits says nothing.
    fireEvent.change(adresse, { target: { value: '' } });
    paste(adresse, '3 rue de la Cité');
    expect(liveText()).toBe('');
  });
});
