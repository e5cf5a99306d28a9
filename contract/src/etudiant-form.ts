/**
 * What the student's request form shows before any check: its labels, limits and schools. Free of
 * zod (`@guichet/contract/forms`): the form's first screen needs them, its schema comes after
 * (etudiant.ts builds `etudiantRequestSchema` from these same values).
 */

/** Schools offered to students (docs/spec/portal-spec.md §9), in the order of the form's select. */
export const ECOLES = [
  'IUT',
  'URCA - Campus des Comtes de Champagne',
  'UTT',
  'YSCHOOLS',
  'ESTP',
  'EPF',
  'IFSI',
  'INSPE',
  'Lycée La Salle - St Joseph',
  'Lycée Chrestien de Troyes',
  'Lycée des Lombards',
  'Lycée Marie de Champagne',
  'Lycée Edouard Herriot',
  'Autres',
] as const;
export type Ecole = (typeof ECOLES)[number];

/** The student's fields as the form labels them, in its order. */
export const ETUDIANT_LABELS = {
  email: 'Adresse de courriel',
  pays: 'Pays',
  cp: 'Code postal',
  ville: 'Ville',
  ecole: 'École envisagée',
  adresse: 'Adresse',
} as const satisfies Record<string, string>;

/** The limit of each typed field: the input stops there and the check refuses beyond. */
export const ETUDIANT_MAX: Record<'email' | 'cp' | 'ville' | 'adresse', number> = {
  email: 180,
  // A postal code abroad (« SW1A 1AA », « 1000-001 »); a French one is 5 digits (CP_FRANCE_LENGTH).
  cp: 10,
  ville: 100,
  adresse: 255,
};

/** A French postal code: five digits (docs/spec/portal-spec.md §9). */
export const CP_FRANCE_LENGTH = 5;
