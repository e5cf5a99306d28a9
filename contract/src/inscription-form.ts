/**
 * What the landlord's wizard shows before any check: its lists, labels and limits, and how a field
 * is shaped as it is typed. Free of zod (`@guichet/contract/forms`): the wizard's first screen
 * needs them, its schemas come after (inscription.ts builds them from these same values).
 */
import { PHONE_INPUT_MAX } from './telephone-form.ts';

// ── Housing enumerations (docs/spec/portal-spec.md §3), in the order the wizard offers them ──────────
export const PROXIMITES = [
  'Secteur Centre-ville Troyes - Gare',
  'Secteur Campus Comtes de Champagne - Ecole de Design - Groupe Saint Joseph - MDE',
  'Secteur IUT - UTT - EPF - ESTP - INSPE - Lycée des Lombards',
  'Secteur Yschools',
  'Secteur Lycée Marie de Champagne',
  'Autres : Agglomération troyenne',
] as const;
export const TYPES_LOGEMENT = ['Chambre', 'Studio', 'T1', 'T2', 'Autre'] as const;
export const OUI_NON = ['Oui', 'Non'] as const;
/** immeuble, parking and caf are offered "Non" first (docs/spec/portal-spec.md §3). */
export const NON_OUI = ['Non', 'Oui'] as const;
export const ETAGES = ['RDC', '1er étage', '2ème étage', '3ème étage', '4ème étage et plus'] as const;
export const SURFACES = [
  'Moins de 15 m²',
  'Entre 15 et 20 m²',
  'Entre 20 et 25 m²',
  'Entre 25 et 30 m²',
  'Entre 30 et 35 m²',
  'Entre 35 et 40 m²',
  'Plus de 40 m²',
] as const;
export const CHAUFFAGES = ['Individuel électrique', 'Individuel gaz', 'Collectif', 'Bois', 'Autre'] as const;
export const LOYERS = [
  'Moins de 200 euros',
  'Entre 200 et 250 euros',
  'Entre 250 et 300 euros',
  'Entre 300 et 350 euros',
  'Entre 350 et 400 euros',
  'Entre 400 et 450 euros',
  'Plus de 450 euros',
] as const;
export const EQUIPEMENTS = ['Meublé', 'Partiellement meublé', 'Vide'] as const;
export const INFOS_LOGEMENT = ['Logement neuf', 'Logement ancien', 'Logement rénové depuis moins de 5 ans'] as const;
export const TYPES_PARKING = ['Collectif', 'Privatif'] as const;

// ── The fields, in the wizard's order: labels (wizard, recap, detail page, CSV headers) and limits ──
export const PROPRIETAIRE_LABELS = {
  nom: 'Nom',
  prenom: 'Prénom',
  telephone: 'Téléphone',
  email: 'Adresse de courriel',
  adresse: 'Adresse du logement',
  cp: 'Code postal',
  ville: 'Ville',
} as const satisfies Record<string, string>;

export const LOGEMENT_LABELS = {
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
} as const satisfies Record<string, string>;

export type ProprietaireField = keyof typeof PROPRIETAIRE_LABELS;
export type LogementField = keyof typeof LOGEMENT_LABELS;
export const PROPRIETAIRE_FIELDS = Object.keys(PROPRIETAIRE_LABELS) as ProprietaireField[];
export const LOGEMENT_FIELDS = Object.keys(LOGEMENT_LABELS) as LogementField[];
export const INSCRIPTION_LABELS = { ...PROPRIETAIRE_LABELS, ...LOGEMENT_LABELS };
export type InscriptionField = keyof typeof INSCRIPTION_LABELS;

/** Limits of the typed fields, shared by the wizard inputs and the server's check. */
export const INSCRIPTION_MAX = {
  nom: 100,
  prenom: 100,
  telephone: PHONE_INPUT_MAX,
  email: 180,
  adresse: 255,
  cp: 5,
  ville: 100,
  charges: 6,
} satisfies Partial<Record<InscriptionField, number>>;

// ── Input behaviour of the wizard (docs/spec/portal-spec.md §5), pure so both sides and tests share it ─
export const toUpper = (s: string) => s.toLocaleUpperCase('fr-FR');
/** "jean-pierre de la tour" → "Jean-Pierre De La Tour": each word and each hyphenated part. */
export const capitalizeWords = (s: string) =>
  s
    .toLocaleLowerCase('fr-FR')
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toLocaleUpperCase('fr-FR'));
/** Charges as typed: comma becomes a dot, at most 6 characters. */
export const normalizeCharges = (s: string) => s.replace(/,/g, '.').slice(0, INSCRIPTION_MAX.charges);
export const limit = (s: string, max: number) => s.slice(0, max);

/** The answer to a lost link asked for again: the same whether the address is known or not. */
export const LIEN_PERDU_REPONSE =
  'Si une offre en cours est enregistrée avec cette adresse, un nouveau lien personnel va lui être envoyé par courriel dans quelques instants.';
