import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDraft } from './draft.ts';
import { forgetReturn, peekReturn, rememberReturn, safeReturnPath } from './retour.ts';

beforeEach(() => sessionStorage.clear());

describe('retour après une session perdue', () => {
  it('ne suit qu’une page de l’espace agents de ce site', () => {
    expect(safeReturnPath('/admin/partenaire/12')).toBe('/admin/partenaire/12');
    expect(safeReturnPath('/admin/inscriptions?f.statut=1&page=2')).toBe('/admin/inscriptions?f.statut=1&page=2');
    for (const bad of [
      null,
      '',
      'https://evil.example/admin/x',
      '//evil.example/admin/x',
      '/admin/login',
      '/admin\\..\\x',
      '/\\evil.example',
      '/partenaires',
      'javascript:alert(1)',
      '/admin',
      '/admin/ x',
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
  });

  it('garde la page en cours, la rend une fois, et ignore une valeur plantée', () => {
    window.history.replaceState(null, '', '/admin/partenaire/7?onglet=1');
    rememberReturn();
    expect(peekReturn()).toBe('/admin/partenaire/7?onglet=1');
    forgetReturn();
    expect(peekReturn()).toBeNull();
    sessionStorage.setItem('guichet.retour', 'https://evil.example/');
    expect(peekReturn()).toBeNull();
    window.history.replaceState(null, '', '/admin/login');
    rememberReturn();
    expect(sessionStorage.getItem('guichet.retour')).toBe('https://evil.example/');
  });
});

/** A page's form: the record says « Alpha », the field may be edited. */
function Form({ record }: { record: string }) {
  const [nom, setNom] = useState(record);
  const draft = useDraft({ values: { nom }, dirty: nom !== record, restore: (kept) => setNom(kept.nom) });
  return (
    <>
      <label>
        Nom
        <input value={nom} onChange={(e) => setNom(e.target.value)} />
      </label>
      {draft.restored && <p>rétabli</p>}
    </>
  );
}
const page = (record = 'Alpha') =>
  render(
    <MemoryRouter initialEntries={['/admin/partenaire/3']}>
      <Form record={record} />
    </MemoryRouter>,
  );

describe('modifications non enregistrées', () => {
  it('survivent à la page quittée puis rouverte, et disparaissent quand le formulaire revient à l’enregistrement', () => {
    const first = page();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Alpha modifié' } });
    first.unmount();

    const second = page();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Alpha modifié');
    expect(screen.getByText('rétabli')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Alpha' } });
    expect(screen.queryByText('rétabli')).toBeNull();
    second.unmount();

    page();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Alpha');
  });

  it('enregistrées entre-temps (l’enregistrement vaut le brouillon) : rien n’est « rétabli »', () => {
    const first = page();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Bravo' } });
    first.unmount();
    act(() => {
      page('Bravo');
    });
    expect(screen.queryByText('rétabli')).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});
