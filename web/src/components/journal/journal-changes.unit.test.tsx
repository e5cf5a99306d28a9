import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { journalLigne } from '../../../test/fixtures.ts';
import { JournalChanges, type JournalLigne } from './journal-changes.tsx';

const AVANT = `${'a'.repeat(32)}.png`;
const APRES = `${'b'.repeat(32)}.jpg`;

describe('valeurs avant / après du journal', () => {
  it('un logo de partenaire remplacé se lit « Logo remplacé », avec les deux images, sans noms de fichiers', () => {
    render(
      <JournalChanges
        ligne={
          journalLigne(3, {
            entite: 'partenaire',
            avant: { logo: AVANT, nom: 'Vélo Campus' },
            apres: { logo: APRES, nom: 'Vélo Campus Troyes' },
          }) as JournalLigne
        }
      />,
    );
    expect(screen.getByText('Logo remplacé')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo précédent' }).getAttribute('src')).toBe(`/api/file/download/${AVANT}`);
    expect(screen.getByRole('img', { name: 'Nouveau logo' }).getAttribute('src')).toBe(`/api/file/download/${APRES}`);
    expect(document.body.textContent).not.toContain(AVANT);
    expect(document.body.textContent).not.toContain(APRES);
    expect(screen.getByText('Vélo Campus Troyes')).toBeTruthy();
  });
});
