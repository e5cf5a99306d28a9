import { describe, expect, it } from 'vitest';
import { capitalizeWords, limit, normalizeCharges, toUpper } from './inscription.ts';

describe("saisie de l'assistant propriétaire (spec §5)", () => {
  it('met le nom et la ville en majuscules, accents compris', () => {
    expect(toUpper('Dupont-Lévêque')).toBe('DUPONT-LÉVÊQUE');
    expect(toUpper('saint-andré-les-vergers')).toBe('SAINT-ANDRÉ-LES-VERGERS');
  });

  it('met une majuscule à chaque mot du prénom', () => {
    expect(capitalizeWords('jean-pierre')).toBe('Jean-Pierre');
    expect(capitalizeWords('MARIE hélène')).toBe('Marie Hélène');
    expect(capitalizeWords("anne-laure d'arc")).toBe("Anne-Laure D'Arc");
    expect(capitalizeWords('élodie ')).toBe('Élodie ');
    expect(capitalizeWords('')).toBe('');
  });

  it('remplace la virgule des charges par un point et coupe à 6 caractères', () => {
    expect(normalizeCharges('45,50')).toBe('45.50');
    expect(normalizeCharges('1234,567')).toBe('1234.5');
    expect(normalizeCharges('12')).toBe('12');
  });

  it('coupe le téléphone à 10 et le code postal à 5 caractères', () => {
    expect(limit('061234567890', 10)).toBe('0612345678');
    expect(limit('100000', 5)).toBe('10000');
  });
});
