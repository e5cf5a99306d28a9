import { formatDateTime } from '@guichet/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourrielEchecChip } from './courriel-echec.tsx';

describe('« Courriel en échec »', () => {
  it('rien quand le dernier courriel est parti', () => {
    const { container } = render(<CourrielEchecChip echec={null} />);
    expect(container.textContent).toBe('');
  });

  it('dit quand et pourquoi, à l’écran (infobulle) comme au lecteur d’écran', () => {
    const date = '2026-09-01T08:00:00.000Z';
    render(<CourrielEchecChip echec={{ date, erreur: 'connect ECONNREFUSED' }} />);
    const detail = `courriel du ${formatDateTime(date)} non remis (connect ECONNREFUSED)`;
    const chip = screen.getByText('Courriel en échec').closest('.MuiChip-root') as HTMLElement;
    expect(chip.textContent).toBe(`Courriel en échec : ${detail}`);
    expect(chip.getAttribute('title')).toBe(detail);
  });
});
