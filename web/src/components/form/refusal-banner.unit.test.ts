import { FIELD_MESSAGES, MESSAGES } from '@guichet/contract/forms';
import { describe, expect, it } from 'vitest';
import { refusalBanner } from './refusal-banner.ts';

const banner = refusalBanner({ nom: 'Nom', cp: 'Code postal', logo: 'Logo' }, [
  FIELD_MESSAGES.obligatoire,
  'Ajoutez le logo.',
]);

describe('bandeau d’un formulaire public refusé', () => {
  it('garde la phrase de la spécification quand un champ est vide, quel que soit le message qui le dit', () => {
    expect(
      banner([
        { path: 'cp', message: FIELD_MESSAGES.cp },
        { path: 'nom', message: FIELD_MESSAGES.obligatoire },
      ]),
    ).toBe(MESSAGES.remplirTousLesChamps);
    expect(banner([{ path: 'logo', message: 'Ajoutez le logo.' }])).toBe(MESSAGES.remplirTousLesChamps);
  });

  it('tout rempli : nomme le champ et la raison, ou les champs quand il y en a plusieurs', () => {
    expect(banner([{ path: 'proprietaire.cp', message: FIELD_MESSAGES.cp }])).toBe(
      `« Code postal » : ${FIELD_MESSAGES.cp}`,
    );
    expect(
      banner([
        { path: 'cp', message: FIELD_MESSAGES.cp },
        { path: 'nom', message: FIELD_MESSAGES.tropLong(10) },
      ]),
    ).toBe('Veuillez corriger les champs « Code postal », « Nom » : le problème est indiqué sous chacun.');
  });

  it('un refus sans champ dit de vérifier la saisie', () => {
    expect(banner([])).toBe('Votre demande a été refusée : veuillez vérifier votre saisie.');
  });
});
