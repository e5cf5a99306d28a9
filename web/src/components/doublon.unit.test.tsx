import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DoublonCell, DoublonChip, DoublonsAlert } from './doublon.tsx';

describe('« Doublon possible »', () => {
  it('la pastille ne paraît que si la ligne partage quelque chose, et dit quoi', () => {
    const { container, rerender } = render(<DoublonChip par={[]} />);
    expect(container.textContent).toBe('');
    rerender(<DoublonChip par={undefined} />);
    expect(container.textContent).toBe('');

    rerender(<DoublonChip par={['email', 'telephone']} />);
    // Seen: the words; read by a screen reader and in the tooltip: what is shared.
    expect(screen.getByText('Doublon possible')).toBeTruthy();
    expect(container.textContent).toBe('Doublon possible : même e-mail, même téléphone');
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe('même e-mail, même téléphone');
  });

  it('dans la liste, la pastille suit le nom, et seulement si la ligne partage quelque chose', () => {
    const { container, rerender } = render(<DoublonCell text="DURAND" par={[]} />);
    expect(container.textContent).toBe('DURAND');
    rerender(<DoublonCell text="DURAND" par={['telephone']} />);
    expect(container.textContent).toBe('DURANDDoublon possible : même téléphone');
  });

  it('la fiche donne un lien vers chaque autre offre, avec ce qu’elle partage', () => {
    render(
      <MemoryRouter>
        <DoublonsAlert
          doublons={[
            { id: 12, par: ['adresse'] },
            { id: 40, par: ['email', 'telephone'] },
          ]}
          nom="l’offre"
          href={(id) => `/admin/inscription/${id}`}
        />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Doublon possible' });
    expect(screen.getByRole('heading', { level: 2, name: 'Doublon possible' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Voir l’offre n° 12', '/admin/inscription/12'],
      ['Voir l’offre n° 40', '/admin/inscription/40'],
    ]);
    expect([...section.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Voir l’offre n° 12 : même adresse',
      'Voir l’offre n° 40 : même e-mail, même téléphone',
    ]);
  });

  it('sans doublon, la fiche n’en dit rien', () => {
    const { container } = render(
      <MemoryRouter>
        <DoublonsAlert doublons={[]} nom="le partenaire" href={(id) => `/admin/partenaire/${id}`} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
