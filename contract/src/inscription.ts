import { z } from 'zod';
import { fieldErrorSchema, idParamsSchema, text } from './common.ts';
import { listQuerySchema, queryDay, queryIds, queryText } from './list.ts';
import { FIELD_MESSAGES as M } from './messages.ts';
import { PHONE_INPUT_MAX, telephoneSchema } from './telephone.ts';

// ── Housing enumerations (spec §3), in the order the wizard offers them ──────────
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
/** immeuble, parking and caf are offered "Non" first (spec §3). */
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

/** Field limits shared by the wizard inputs and the server (spec §5, §9); a phone is stored as 10 digits. */
export const INSCRIPTION_MAX = {
  nom: 100,
  prenom: 100,
  telephone: PHONE_INPUT_MAX,
  email: 180,
  adresse: 255,
  cp: 5,
  ville: 100,
  charges: 6,
} as const;

/** French labels of every field: wizard, recap, admin page and CSV headers say the same. */
export const INSCRIPTION_LABELS = {
  nom: 'Nom',
  prenom: 'Prénom',
  telephone: 'Téléphone',
  email: 'Adresse e-mail',
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
} as const;
export type InscriptionField = keyof typeof INSCRIPTION_LABELS;

// ── Input behaviour of the wizard (spec §5), pure so both sides and tests share it ─
export const toUpper = (s: string) => s.toLocaleUpperCase('fr-FR');
/** "jean-pierre de la tour" → "Jean-Pierre De La Tour": each word and each hyphenated part. */
export const capitalizeWords = (s: string) =>
  s
    .toLocaleLowerCase('fr-FR')
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toLocaleUpperCase('fr-FR'));
/** Charges as typed: comma becomes a dot, at most 6 characters. */
export const normalizeCharges = (s: string) => s.replace(/,/g, '.').slice(0, INSCRIPTION_MAX.charges);
export const limit = (s: string, max: number) => s.slice(0, max);

// ── Schemas ──────────────────────────────────────────────────────────────────────
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A value from a list: 'obligatoire' when missing, 'choisir dans la liste' when unknown. */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: (iss) => (iss.input === undefined ? M.obligatoire : M.choix) }),
  );
/** A value from a list that only some answers call for (the superRefine below requires it). */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: M.choix }).optional());
/** Yes/no as a boolean; query strings carry it as 'true' / 'false'. */
const yesNo = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)),
  z.boolean({ error: (iss) => (iss.input === undefined ? M.obligatoire : M.choix) }),
);

export const proprietaireSchema = z.object({
  nom: text(INSCRIPTION_MAX.nom).transform(toUpper),
  prenom: text(INSCRIPTION_MAX.prenom).transform(capitalizeWords),
  telephone: telephoneSchema,
  email: text(INSCRIPTION_MAX.email).pipe(z.email({ error: M.email })),
  adresse: text(INSCRIPTION_MAX.adresse),
  cp: text(INSCRIPTION_MAX.cp).regex(/^\d{5}$/, { error: M.cp }),
  ville: text(INSCRIPTION_MAX.ville).transform(toUpper),
});
export type Proprietaire = z.output<typeof proprietaireSchema>;

/** A non-negative amount, at most 6 characters, comma or dot, two decimals at most. */
const charges = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/,/g, '.') : v),
  z
    .string({ error: M.obligatoire })
    .min(1, { error: M.obligatoire })
    .max(INSCRIPTION_MAX.charges, { error: M.tropLong(INSCRIPTION_MAX.charges) })
    .regex(/^\d+(\.\d{1,2})?$/, { error: M.montant }),
);

/** The housing fields one by one (the wizard re-checks a corrected field with them). */
export const logementFieldsSchema = z.object({
  proximite: choice(PROXIMITES),
  type: choice(TYPES_LOGEMENT),
  colocation: choice(OUI_NON),
  immeuble: choice(NON_OUI),
  etage: optionalChoice(ETAGES),
  surface: choice(SURFACES),
  chauffage: choice(CHAUFFAGES),
  loyer: choice(LOYERS),
  charges,
  equipement: choice(EQUIPEMENTS),
  infoLogement: choice(INFOS_LOGEMENT),
  ascenceur: yesNo,
  parking: choice(NON_OUI),
  typeParking: optionalChoice(TYPES_PARKING),
  localVelo: yesNo,
  caf: choice(NON_OUI),
});

export const logementSchema = logementFieldsSchema
  // Runs even when other fields failed, so a step shows every missing field at once.
  .superRefine(
    (v, ctx) => {
      if (v.immeuble === 'Oui' && v.etage === undefined)
        ctx.addIssue({ code: 'custom', path: ['etage'], message: M.obligatoire });
      if (v.parking === 'Oui' && v.typeParking === undefined)
        ctx.addIssue({ code: 'custom', path: ['typeParking'], message: M.obligatoire });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  // A floor without a building, or a parking type without parking, is dropped: the UI clears them too.
  .transform((v) => ({
    ...v,
    etage: v.immeuble === 'Oui' ? (v.etage ?? null) : null,
    typeParking: v.parking === 'Oui' ? (v.typeParking ?? null) : null,
  }));
export type Logement = z.output<typeof logementSchema>;

export const inscriptionSchema = z.object({ proprietaire: proprietaireSchema, logement: logementSchema });
export type InscriptionInput = z.input<typeof inscriptionSchema>;

/** Answer of a wizard step check: 200 success with no errors (400 carries the errors). */
export const validateSuccessSchema = z.object({ status: z.literal('success'), errors: z.array(fieldErrorSchema) });

// ── Admin ────────────────────────────────────────────────────────────────────────
export const INSCRIPTION_SORT_COLUMNS = ['date', 'nom', 'prenom', 'telephone', 'email', 'adresse', 'statut'] as const;
export const inscriptionsListQuerySchema = listQuerySchema(INSCRIPTION_SORT_COLUMNS, {
  date: queryDay,
  nom: queryText,
  telephone: queryText,
  email: queryText,
  adresse: queryText,
  statut: queryIds,
});
export const inscriptionsExportQuerySchema = inscriptionsListQuerySchema.omit({ page: true, rowsPerPage: true });

export const inscriptionListItemSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  nom: z.string(),
  prenom: z.string(),
  adresse: z.string(),
  cp: z.string(),
  ville: z.string(),
  telephone: z.string(),
  email: z.string(),
  idStatut: z.number().int(),
  statut: z.string(),
});
export type InscriptionListItem = z.output<typeof inscriptionListItemSchema>;
export const inscriptionsListSchema = z.object({
  count: z.number().int(),
  inscriptions: z.array(inscriptionListItemSchema),
});

/** The owner's and the housing's fields, in the wizard's order (recap, detail page, CSV). */
export const PROPRIETAIRE_FIELDS = ['nom', 'prenom', 'telephone', 'email', 'adresse', 'cp', 'ville'] as const;
export const LOGEMENT_FIELDS = [
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
] as const;

/** A stored owner: plain text. */
export const proprietaireStoredSchema = z.object(
  Object.fromEntries(PROPRIETAIRE_FIELDS.map((k) => [k, z.string()])) as Record<
    (typeof PROPRIETAIRE_FIELDS)[number],
    z.ZodString
  >,
);
/** A stored housing: floor and parking type only when they apply, charges as "45.50". */
export const logementStoredSchema = z.object({
  proximite: z.string(),
  type: z.string(),
  colocation: z.string(),
  immeuble: z.string(),
  etage: z.string().nullable(),
  surface: z.string(),
  chauffage: z.string(),
  loyer: z.string(),
  charges: z.string(),
  equipement: z.string(),
  infoLogement: z.string(),
  ascenceur: z.boolean(),
  parking: z.string(),
  typeParking: z.string().nullable(),
  localVelo: z.boolean(),
  caf: z.string(),
});
export type ProprietaireStored = z.output<typeof proprietaireStoredSchema>;
export type LogementStored = z.output<typeof logementStoredSchema>;

/** The stored registration as staff read it. */
export const inscriptionDetailSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  idStatut: z.number().int(),
  statut: z.string(),
  proprietaire: proprietaireStoredSchema,
  logement: logementStoredSchema,
});
export type InscriptionDetail = z.output<typeof inscriptionDetailSchema>;

export const inscriptionIdParamsSchema = idParamsSchema;
export const inscriptionUpdateSchema = z.object({
  statut: z.coerce
    .number({ error: 'Veuillez choisir un statut.' })
    .int({ error: 'Veuillez choisir un statut.' })
    .min(1, { error: 'Veuillez choisir un statut.' })
    .max(4, { error: 'Veuillez choisir un statut.' }),
});
