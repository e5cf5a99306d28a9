import { describe, expect, it } from 'vitest';
import { rarePiece } from './search-pieces.ts';

// The trigrams of « proprietaire » and « etudiant », in every seeded e-mail, plus « mar ».
const frequent = new Set([
  ...['pro', 'rop', 'opr', 'pri', 'rie', 'iet', 'eta', 'tai', 'air', 'ire'],
  ...['etu', 'tud', 'udi', 'dia', 'ian', 'ant'],
  'mar',
]);

describe('rarePiece : ce que l’index cherche d’un terme', () => {
  it('garde le plus long morceau sans trigramme fréquent', () => {
    expect(rarePiece('proprietaire4521', frequent)).toBe('re4521');
    expect(rarePiece('Etudiant777', frequent)).toBe('nt777');
    expect(rarePiece('martin', frequent)).toBe('artin');
    // Two words: the longer rare piece, never across the space.
    expect(rarePiece('proprietaire durand', frequent)).toBe('durand');
    expect(rarePiece('lea.martin@exemple.fr', frequent)).toBe('exemple');
  });

  it('rend le terme à l’index quand rien de fréquent n’y est, ou qu’il ne reste que des morceaux trop courts', () => {
    expect(rarePiece('durand', frequent)).toBeUndefined();
    expect(rarePiece('proprietaire', frequent)).toBeUndefined();
    expect(rarePiece('etudiant 12', frequent)).toBeUndefined();
    expect(rarePiece('proprietaire4521', new Set())).toBeUndefined();
  });

  it('laisse à la base un terme qu’elle normalise autrement (accents, ligatures, autres signes)', () => {
    expect(rarePiece('propriétaire4521', frequent)).toBeUndefined();
    expect(rarePiece('cœur martin', frequent)).toBeUndefined();
    expect(rarePiece('100%', frequent)).toBeUndefined();
  });
});
