import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './common.ts';
import {
  capitalizeWords,
  INSCRIPTION_LABELS,
  INSCRIPTION_MAX,
  inscriptionUpdateSchema,
  LOGEMENT_FIELDS,
  limit,
  logementFieldsSchema,
  logementStoredSchema,
  normalizeCharges,
  PROPRIETAIRE_FIELDS,
  proprietaireSchema,
  proprietaireStoredSchema,
  toUpper,
} from './inscription.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { STATUT_IDS } from './reference.ts';
import { PHONE_INPUT_MAX } from './telephone.ts';

describe("saisie de l'assistant propriétaire (docs/spec/portal-spec.md §5)", () => {
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

describe('une table de champs par domaine : listes, libellés, limites et schémas en découlent', () => {
  it('donne les champs du propriétaire et du logement dans l’ordre de l’assistant', () => {
    expect(PROPRIETAIRE_FIELDS).toEqual(['nom', 'prenom', 'telephone', 'email', 'adresse', 'cp', 'ville']);
    expect(LOGEMENT_FIELDS).toEqual([
      'proximite',
      'type',
      'colocation',
      'immeuble',
      'etage',
      'surface',
      'chauffage',
      'loyer',
      'charges',
      'equipement',
      'infoLogement',
      'ascenceur',
      'parking',
      'typeParking',
      'localVelo',
      'caf',
    ]);
    expect(Object.keys(proprietaireSchema.shape)).toEqual(PROPRIETAIRE_FIELDS);
    expect(Object.keys(logementFieldsSchema.shape)).toEqual(LOGEMENT_FIELDS);
    expect(Object.keys(proprietaireStoredSchema.shape)).toEqual(PROPRIETAIRE_FIELDS);
    expect(Object.keys(logementStoredSchema.shape)).toEqual(LOGEMENT_FIELDS);
  });

  it('garde les libellés et les limites des champs saisis', () => {
    expect(INSCRIPTION_LABELS).toEqual({
      nom: 'Nom',
      prenom: 'Prénom',
      telephone: 'Téléphone',
      email: 'Adresse de courriel',
      adresse: 'Adresse du logement',
      cp: 'Code postal',
      ville: 'Ville',
      proximite: 'Proximité',
      type: 'Type de logement',
      colocation: 'Colocation',
      immeuble: 'Logement situé dans un immeuble',
      etage: 'Étage',
      surface: 'Surface',
      chauffage: 'Chauffage',
      loyer: 'Loyer hors charges',
      charges: 'Charges mensuelles (en euros)',
      equipement: 'Équipement',
      infoLogement: 'Informations sur le logement',
      ascenceur: 'Ascenseur',
      parking: 'Parking voiture',
      typeParking: 'Type de parking',
      localVelo: 'Local vélo',
      caf: 'Éligible aux aides au logement (CAF)',
    });
    expect(INSCRIPTION_MAX).toEqual({
      nom: 100,
      prenom: 100,
      telephone: PHONE_INPUT_MAX,
      email: 180,
      adresse: 255,
      cp: 5,
      ville: 100,
      charges: 6,
    });
  });

  it('la limite d’un champ est celle que le schéma applique', () => {
    const tooLong = (max: number) => FIELD_MESSAGES.tropLong(max);
    for (const key of ['nom', 'prenom', 'adresse', 'ville'] as const) {
      const max = INSCRIPTION_MAX[key];
      expect(proprietaireSchema.shape[key].safeParse('a'.repeat(max)).success, key).toBe(true);
      expect(proprietaireSchema.shape[key].safeParse('a'.repeat(max + 1)).error?.issues[0].message, key).toBe(
        tooLong(max),
      );
    }
    expect(logementFieldsSchema.shape.charges.safeParse('1234567').error?.issues[0].message).toBe(tooLong(6));
  });

  it('relit une inscription enregistrée : étage et type de parking absents, oui/non en booléens', () => {
    const logement = logementStoredSchema.parse({
      ...Object.fromEntries(LOGEMENT_FIELDS.map((k) => [k, 'x'])),
      etage: null,
      typeParking: null,
      ascenceur: true,
      localVelo: false,
    });
    expect(logement).toMatchObject({ etage: null, typeParking: null, ascenceur: true, localVelo: false });
    expect(logementStoredSchema.safeParse({ ...logement, ascenceur: 'Oui' }).success).toBe(false);
    expect(logementStoredSchema.safeParse({ ...logement, proximite: null }).success).toBe(false);
  });

  it('le statut choisi par le personnel est l’un des quatre statuts', () => {
    for (const statut of STATUT_IDS)
      expect(inscriptionUpdateSchema.parse({ statut: String(statut) })).toEqual({ statut });
    for (const statut of [0, 5, 2.5, 'abc']) {
      const r = inscriptionUpdateSchema.safeParse({ statut });
      expect(r.success ? [] : toFieldErrors(r.error.issues), String(statut)).toEqual([
        { key: 'statut', error: 'Veuillez choisir un statut.' },
      ]);
    }
  });
});
