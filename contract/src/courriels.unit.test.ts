import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  COURRIEL_TYPES,
  type CourrielListFilter,
  courrielListQuerySchema,
  courrielRenvoiSchema,
  RENVOI_MAX,
} from './courriels.ts';

describe('courriels : le contrat', () => {
  it('chaque type a un libellé français et tient dans la colonne kind (40)', () => {
    for (const [key, label] of Object.entries(COURRIEL_TYPES)) {
      expect(key.length).toBeLessThanOrEqual(40);
      expect(label).toMatch(/^[A-ZÀ-Ý]/);
    }
    expect(new Set(Object.values(COURRIEL_TYPES)).size).toBe(Object.keys(COURRIEL_TYPES).length);
  });

  it('les filtres découlent du schéma ; un type ou un statut inconnu est refusé', () => {
    expectTypeOf<CourrielListFilter>().toEqualTypeOf<{
      statut?: 'pending' | 'sent' | 'failed';
      type?: keyof typeof COURRIEL_TYPES;
      date?: string;
    }>();
    expect(courrielListQuerySchema.safeParse({ filter: { statut: 'sending' } }).success).toBe(false);
    expect(courrielListQuerySchema.safeParse({ filter: { type: 'autre' } }).success).toBe(false);
    expect(courrielListQuerySchema.parse({ filter: { type: 'liste_logements', statut: 'failed' } }).filter).toEqual({
      type: 'liste_logements',
      statut: 'failed',
    });
  });

  it('« Renvoyer » : au moins un, au plus RENVOI_MAX, un numéro cité deux fois compte une fois', () => {
    expect(courrielRenvoiSchema.parse({ ids: [3, 1, 3] })).toEqual({ ids: [3, 1] });
    expect(courrielRenvoiSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(courrielRenvoiSchema.safeParse({ ids: [0] }).success).toBe(false);
    expect(
      courrielRenvoiSchema.safeParse({ ids: Array.from({ length: RENVOI_MAX + 1 }, (_, i) => i + 1) }).success,
    ).toBe(false);
  });
});
