import { referenceEndpoints } from '@guichet/contract';
import { describe, expect, it } from 'vitest';
import { isCategories, isFiltres } from './directory-api.ts';

/** What the server may have written into the page, or an older page, or anything else. */
const CATEGORIE = { id: 1, libelle: 'Logement' };
const FILTRE = { id: 2, libelle: 'Santé', tag: 'sante' };
const SAMPLES: unknown[] = [
  [],
  [CATEGORIE],
  [FILTRE],
  [CATEGORIE, FILTRE],
  [{ ...CATEGORIE, id: '1' }],
  [{ ...CATEGORIE, id: 1.5 }],
  [{ ...CATEGORIE, libelle: null }],
  [{ ...FILTRE, tag: 3 }],
  [{ id: 1 }],
  [{ ...FILTRE, extra: 'ignoré' }],
  [null],
  ['Logement'],
  CATEGORIE,
  { length: 0 },
  null,
  undefined,
  'categories',
];

describe('les catégories et les thèmes écrits dans la page, vérifiés sans zod', () => {
  it('une liste est acceptée exactement quand le schéma de réponse du contrat l’accepte', () => {
    for (const sample of SAMPLES) {
      const label = JSON.stringify(sample) ?? 'undefined';
      expect(isCategories(sample), label).toBe(referenceEndpoints.categories.response[200].safeParse(sample).success);
      expect(isFiltres(sample), label).toBe(referenceEndpoints.filtres.response[200].safeParse(sample).success);
    }
  });
});
