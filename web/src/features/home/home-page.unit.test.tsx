import type { Params } from '@guichet/contract';
import { PARAMS_ELEMENT_ID } from '@guichet/contract/page-data';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { serverAnswers } from '../../../test/fake-server.ts';
import { ParamsGate } from '../../lib/params.tsx';
import { HomePage } from './home-page.tsx';

const PARAMS: Params = {
  nomSite: 'Guichet numérique étudiant',
  annee: 2026,
  emailContact: 'contact@guichet-etudiant.fr',
  telephoneContact: '03 25 00 00 00',
  adresseContact: '1 place de la Libération, 10000 TROYES',
};

afterEach(() => document.getElementById(PARAMS_ELEMENT_ID)?.remove());

function showHome() {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PARAMS_ELEMENT_ID;
  el.textContent = JSON.stringify(PARAMS);
  document.head.append(el);
  serverAnswers();
  render(
    <ParamsGate>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </ParamsGate>,
  );
}

describe('page d’accueil', () => {
  it('mène au formulaire du lien perdu par « Gérer mon offre »', () => {
    showHome();
    const entry = screen.getByRole('link', { name: /Gérer mon offre/ });
    expect(entry.getAttribute('href')).toBe('/inscription/proprietaire#lien-perdu');
  });

  it('le téléphone et le courriel du guichet sont des liens tel: (chiffres seuls) et mailto:', () => {
    showHome();
    expect(screen.getByRole('link', { name: '03 25 00 00 00' }).getAttribute('href')).toBe('tel:0325000000');
    expect(screen.getByRole('link', { name: 'contact@guichet-etudiant.fr' }).getAttribute('href')).toBe(
      'mailto:contact@guichet-etudiant.fr',
    );
  });
});
