import { describe, expect, expectTypeOf, it } from 'vitest';
import { toFieldErrors } from './common.ts';
import {
  CP_FRANCE_LENGTH,
  type Ecole,
  ETUDIANT_FIELD_MESSAGES,
  ETUDIANT_LABELS,
  ETUDIANT_MAX,
  type EtudiantListFilter,
  etudiantListQuerySchema,
  etudiantRequestSchema,
  etudiantSchema,
} from './etudiant.ts';
import { FIELD_MESSAGES } from './messages.ts';

describe('la table des champs des demandes étudiantes', () => {
  it('donne les libellés du formulaire et les limites de saisie', () => {
    expect(ETUDIANT_LABELS).toEqual({
      email: 'Adresse de courriel',
      pays: 'Pays',
      cp: 'Code postal',
      ville: 'Ville',
      ecole: 'École envisagée',
      adresse: 'Adresse',
    });
    expect(ETUDIANT_MAX).toEqual({ email: 180, cp: 10, ville: 100, adresse: 255 });
    expect(CP_FRANCE_LENGTH).toBe(5);
  });

  it('la demande se vérifie comme avant : adresse facultative, ville en majuscules', () => {
    expect(
      etudiantRequestSchema.parse({ email: 'lea@example.fr', cp: ' 10000 ', ville: 'troyes', ecole: 'UTT' }),
    ).toEqual({
      email: 'lea@example.fr',
      pays: 'FR',
      cp: '10000',
      ville: 'TROYES',
      ecole: 'UTT',
      adresse: '',
    });
    const r = etudiantRequestSchema.safeParse({ email: '', cp: '1000', ville: 'a'.repeat(101), ecole: 'Sorbonne' });
    expect(r.success ? [] : toFieldErrors(r.error.issues)).toEqual([
      { key: 'email', error: FIELD_MESSAGES.obligatoire },
      { key: 'ville', error: FIELD_MESSAGES.tropLong(100) },
      { key: 'ecole', error: FIELD_MESSAGES.choix },
      // The postal code is checked with the country, after the fields one by one.
      { key: 'cp', error: ETUDIANT_FIELD_MESSAGES.cpFrance },
    ]);
  });

  it('une ligne de la table reprend les champs de la demande, tels qu’enregistrés, et l’échec de son courriel', () => {
    expect(Object.keys(etudiantSchema.shape).sort()).toEqual(
      ['id', 'date', 'idStatut', 'statut', 'courrielEchec', ...Object.keys(ETUDIANT_LABELS)].sort(),
    );
  });

  it('les filtres de la liste ont le type que donne son schéma', () => {
    expectTypeOf<EtudiantListFilter>().toEqualTypeOf<{
      attente?: number;
      date?: string;
      email?: string;
      ecole?: Ecole;
      statut?: number[];
    }>();
    expect(etudiantListQuerySchema.parse({ filter: { statut: '2', ecole: 'UTT' } }).filter).toEqual({
      statut: [2],
      ecole: 'UTT',
    });
  });
});
