import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProposalReview } from './proposal-review.tsx';

describe('comparaison des données actuelles et proposées', () => {
  it('met côte à côte chaque champ ; une ligne modifiée porte l’étiquette « modifié » en plus de sa teinte', () => {
    render(
      <ProposalReview
        rows={[
          { key: 'nom', label: 'Nom', current: 'Vélo Campus', proposed: 'Vélo Campus Aube', changed: true },
          { key: 'ville', label: 'Ville', current: 'TROYES', proposed: 'TROYES', changed: false },
          {
            key: 'presentation',
            label: 'Présentation',
            current: 'Ligne 1\nLigne 2',
            proposed: <input aria-label="Présentation (proposition)" defaultValue="Nouvelle" />,
            changed: true,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', {
      name: 'Comparaison des données actuelles et des modifications proposées',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Champ', 'Données actuelles', 'Modifications proposées']);
    const [, nom, ville, presentation] = within(table).getAllByRole('row');
    // Each row is headed by its field: a screen reader names the cells by it.
    expect(within(nom).getByRole('rowheader').textContent).toBe('Nommodifié');
    expect(
      within(nom)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Vélo Campus', 'Vélo Campus Aube']);
    expect(nom.getAttribute('data-modifie')).toBe('oui');
    expect(within(ville).queryByText('modifié')).toBeNull();
    expect(ville.getAttribute('data-modifie')).toBe('non');
    expect(ville.getAttribute('data-champ')).toBe('ville');
    // A control stays a control: the proposal can be corrected in place.
    expect(within(presentation).getByRole('textbox', { name: 'Présentation (proposition)' })).toBeTruthy();
    expect(within(presentation).getByText(/Ligne 1/).textContent).toBe('Ligne 1\nLigne 2');
  });

  it('prend le nom donné à la table', () => {
    render(<ProposalReview rows={[]} label="Modifications de l’offre" />);
    expect(screen.getByRole('table', { name: 'Modifications de l’offre' })).toBeTruthy();
  });
});
