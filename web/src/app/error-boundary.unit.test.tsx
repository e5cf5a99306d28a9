import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

describe('une page qui ne peut pas s’afficher', () => {
  // React reports the caught error on the console: expected here, kept out of the output.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => quiet.mockClear());

  it('dont le code ne se télécharge pas (nouvelle version, réseau perdu) : un message et de quoi recharger', async () => {
    const Lost = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Lost />
        </Suspense>
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Cette page n'a pas pu s'afficher");
    expect(screen.getByRole('heading', { level: 1, name: "Cette page n'a pas pu s'afficher" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
  });

  it('qui s’affiche : rien d’autre que la page', () => {
    render(
      <ErrorBoundary>
        <p>Bienvenue</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Bienvenue')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
