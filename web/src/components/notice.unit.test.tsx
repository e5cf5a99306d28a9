import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BannerAlert } from './banner.tsx';

describe('bandeaux', () => {
  it('une erreur est une alerte, une réussite un statut ; le texte annoncé est le message seul', () => {
    const { rerender } = render(
      <BannerAlert banner={{ severity: 'error', text: 'Veuillez remplir tous les champs' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Veuillez remplir tous les champs');
    rerender(<BannerAlert banner={{ severity: 'success', text: 'Demande enregistrée.' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Demande enregistrée.');
  });

  it('« Fermer » se tient à côté du message, hors de ce que le rôle annonce, et ferme le bandeau', () => {
    const onClose = vi.fn();
    render(
      <BannerAlert banner={{ severity: 'error', text: 'Identifiant ou mot de passe incorrect.' }} onClose={onClose} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Identifiant ou mot de passe incorrect.');
    const close = screen.getByRole('button', { name: 'Fermer' });
    expect(alert.contains(close)).toBe(false);
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sans bandeau, rien ; le bandeau se laisse donner le focus (résultat d’une action)', () => {
    const { container, rerender } = render(<BannerAlert banner={null} />);
    expect(container.textContent).toBe('');
    rerender(<BannerAlert banner={{ severity: 'success', text: 'Fait.' }} />);
    const status = screen.getByRole('status');
    status.focus();
    expect(document.activeElement).toBe(status);
  });
});
