import { z } from 'zod';
import { fieldErrorSchema, idParamsSchema, multilineText, text } from './common.ts';
import { doublonCriteresSchema, doublonSchema } from './doublon.ts';
import { choiceField, inputShape, storedShape, textField } from './field-table.ts';
import {
  CHAUFFAGES,
  capitalizeWords,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  type InscriptionField,
  LOGEMENT_LABELS as L,
  LOGEMENT_FIELDS,
  LOYERS,
  type LogementField,
  INSCRIPTION_MAX as MAX,
  NON_OUI,
  OUI_NON,
  PROPRIETAIRE_LABELS as P,
  PROPRIETAIRE_FIELDS,
  PROXIMITES,
  type ProprietaireField,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
  toUpper,
} from './inscription-form.ts';
import {
  cappedCountShape,
  type ListFilter,
  listQuerySchema,
  queryBoolean,
  queryDay,
  queryIds,
  queryText,
} from './list.ts';
import { FIELD_MESSAGES as M } from './messages.ts';
import { STATUT_IDS } from './reference.ts';
import { queryAttente } from './tableau-de-bord.ts';
import { telephoneSchema } from './telephone.ts';
import { versionSchema } from './version.ts';

// The wizard's lists, labels, limits and input shaping are apart, free of zod (its first screen needs them).
export * from './inscription-form.ts';

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
/** A non-negative amount, comma or dot, two decimals at most. */
const amount = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/,/g, '.') : v),
    z
      .string({ error: M.obligatoire })
      .min(1, { error: M.obligatoire })
      .max(max, { error: M.tropLong(max) })
      .regex(/^\d+(\.\d{1,2})?$/, { error: M.montant }),
  );

/**
 * The owner's fields, in the wizard's order (recap, detail page, CSV): label, check, limit
 * (docs/spec/portal-spec.md §5, §9). A phone is typed with spaces or +33 and stored as 10 digits.
 */
export const PROPRIETAIRE_FIELD_TABLE = {
  nom: textField(P.nom, MAX.nom, (max) => text(max).transform(toUpper)),
  prenom: textField(P.prenom, MAX.prenom, (max) => text(max).transform(capitalizeWords)),
  telephone: textField(P.telephone, MAX.telephone, () => telephoneSchema),
  email: textField(P.email, MAX.email, (max) => text(max).pipe(z.email({ error: M.email }))),
  adresse: textField(P.adresse, MAX.adresse, text),
  cp: textField(P.cp, MAX.cp, (max) => text(max).regex(/^\d{5}$/, { error: M.cp })),
  ville: textField(P.ville, MAX.ville, (max) => text(max).transform(toUpper)),
} as const satisfies Record<ProprietaireField, unknown>;

/** The housing's fields, in the wizard's order; floor and parking type are stored only when they apply. */
export const LOGEMENT_FIELD_TABLE = {
  proximite: choiceField(L.proximite, choice(PROXIMITES)),
  type: choiceField(L.type, choice(TYPES_LOGEMENT)),
  colocation: choiceField(L.colocation, choice(OUI_NON)),
  immeuble: choiceField(L.immeuble, choice(NON_OUI)),
  etage: choiceField(L.etage, optionalChoice(ETAGES), z.string().nullable()),
  surface: choiceField(L.surface, choice(SURFACES)),
  chauffage: choiceField(L.chauffage, choice(CHAUFFAGES)),
  loyer: choiceField(L.loyer, choice(LOYERS)),
  charges: textField(L.charges, MAX.charges, amount),
  equipement: choiceField(L.equipement, choice(EQUIPEMENTS)),
  infoLogement: choiceField(L.infoLogement, choice(INFOS_LOGEMENT)),
  ascenceur: choiceField(L.ascenceur, yesNo, z.boolean()),
  parking: choiceField(L.parking, choice(NON_OUI)),
  typeParking: choiceField(L.typeParking, optionalChoice(TYPES_PARKING), z.string().nullable()),
  localVelo: choiceField(L.localVelo, yesNo, z.boolean()),
  caf: choiceField(L.caf, choice(NON_OUI)),
} as const satisfies Record<LogementField, unknown>;

export const proprietaireSchema = z.object(inputShape(PROPRIETAIRE_FIELD_TABLE));
export type Proprietaire = z.output<typeof proprietaireSchema>;

/** The housing fields one by one (the wizard re-checks a corrected field with them). */
export const logementFieldsSchema = z.object(inputShape(LOGEMENT_FIELD_TABLE));

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

/** A stored owner: plain text. */
export const proprietaireStoredSchema = z.object(storedShape(PROPRIETAIRE_FIELD_TABLE));
/** A stored housing: floor and parking type only when they apply, charges as "45.50". */
export const logementStoredSchema = z.object(storedShape(LOGEMENT_FIELD_TABLE));
export type ProprietaireStored = z.output<typeof proprietaireStoredSchema>;
export type LogementStored = z.output<typeof logementStoredSchema>;

// ── « Modifier mon offre » (issue 17): the landlord's changes, applied or awaiting staff review ─────
/** An offer's owner and housing as stored: what a landlord's proposal is compared with. */
export type OfferValues = { proprietaire: ProprietaireStored; logement: LogementStored };

/** Charges as the numeric column gives them back ("45.5" → "45.50"): a proposal is kept that way too. */
export const storedCharges = (s: string) => {
  const n = Number(s);
  return Number.isFinite(n) ? n.toFixed(2) : s;
};

/**
 * The fields whose value differs between two versions of an offer, in the wizard's order (charges
 * compared as amounts): what a proposal changes, named in the history, the mails and the review.
 */
export function inscriptionChanges(current: OfferValues, proposed: OfferValues): InscriptionField[] {
  const owner = PROPRIETAIRE_FIELDS.filter((k) => current.proprietaire[k] !== proposed.proprietaire[k]);
  const housing = LOGEMENT_FIELDS.filter((k) =>
    k === 'charges'
      ? storedCharges(current.logement.charges) !== storedCharges(proposed.logement.charges)
      : current.logement[k] !== proposed.logement[k],
  );
  return [...owner, ...housing];
}

/** A proposal waiting for staff (`inscriptions.tempdata`): when it was sent, and the whole offer as proposed. */
export const inscriptionModificationSchema = z.object({
  date: z.date(),
  proprietaire: proprietaireStoredSchema,
  logement: logementStoredSchema,
});
export type InscriptionModification = z.output<typeof inscriptionModificationSchema>;

/** What the landlord reads once « Modifier mon offre » is saved; and staff once they decided. */
export const MODIFICATION_MESSAGES = {
  appliquees: 'Vos modifications sont enregistrées : le guichet verra votre offre à jour en l’examinant.',
  transmises:
    'Vos modifications ont été transmises au guichet. Elles remplaceront votre offre dans la liste des logements après vérification ; en attendant, votre offre y reste telle qu’elle était.',
  inchangee: 'Vous n’avez rien modifié : votre offre reste telle qu’elle était.',
  renvoyee:
    'Votre offre corrigée est renvoyée au guichet : elle est de nouveau « En attente » et sera examinée prochainement.',
  validees: 'Les modifications du propriétaire ont été validées.',
  refusees: 'Les modifications du propriétaire ont été refusées.',
  aucune: 'Cette offre n’a pas de modification en attente.',
  changeeEntreTemps:
    'Le propriétaire a de nouveau modifié sa proposition entre-temps : relisez-la avant de décider (la page vient d’être rechargée).',
} as const;

/** « Valider / Refuser les modifications »: the proposal staff read (its date), so a newer one is never decided unseen. */
export const modificationDecisionSchema = z.object({
  dateProposition: z.iso.datetime({ error: 'Date de la proposition invalide.' }),
  version: versionSchema.optional(),
});

// ── Admin ────────────────────────────────────────────────────────────────────────
export const INSCRIPTION_SORT_COLUMNS = [
  'date',
  'dateConfirmation',
  'nom',
  'prenom',
  'telephone',
  'email',
  'adresse',
  'statut',
] as const;
/** The « still available? » check, as staff filter it: a mail awaits an answer, or it went unanswered. */
export const VERIFICATIONS = ['a_confirmer', 'expiree'] as const;
export const VERIFICATION_LABELS: Record<(typeof VERIFICATIONS)[number], string> = {
  a_confirmer: 'À confirmer',
  expiree: 'Expirée',
};
export const inscriptionsListQuerySchema = listQuerySchema(INSCRIPTION_SORT_COLUMNS, {
  /** The landlord proposed changes that await staff review. */
  tempdata: queryBoolean,
  verification: z.enum(VERIFICATIONS, { error: 'Vérification inconnue.' }),
  /** « En attente depuis plus de N jours » (issue 18). */
  attente: queryAttente,
  date: queryDay,
  nom: queryText,
  telephone: queryText,
  email: queryText,
  adresse: queryText,
  statut: queryIds,
});
export const inscriptionsExportQuerySchema = inscriptionsListQuerySchema.omit({ page: true, rowsPerPage: true });
export type InscriptionListFilter = ListFilter<typeof inscriptionsListQuerySchema>;

/** A row of the staff table: the owner as stored, the date and the status. */
export const inscriptionListItemSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  /** Last time it was known to be available (see `inscriptionDetailSchema`). */
  dateConfirmation: z.date(),
  ...proprietaireStoredSchema.shape,
  idStatut: z.number().int(),
  statut: z.string(),
  /** « Doublon possible »: what it shares with another live offer (empty: none). */
  doublon: doublonCriteresSchema,
  /** Changes proposed by the landlord await review. */
  tempdata: z.boolean(),
});
export type InscriptionListItem = z.output<typeof inscriptionListItemSchema>;
export const inscriptionsListSchema = z.object({
  ...cappedCountShape,
  inscriptions: z.array(inscriptionListItemSchema),
});

/** Why an offer left the list without staff: let, withdrawn by its landlord, or no answer to a check. */
export const MOTIFS_ARCHIVAGE = ['loue', 'retiree', 'expiree'] as const;
export type MotifArchivage = (typeof MOTIFS_ARCHIVAGE)[number];
export const MOTIF_ARCHIVAGE_LABELS: Record<MotifArchivage, string> = {
  loue: 'Logement loué',
  retiree: 'Offre retirée par le propriétaire',
  expiree: 'Sans réponse à la demande de confirmation',
};

/** What happened to an offer, kept for the staff detail page's history. */
export const EVENEMENTS_INSCRIPTION = [
  'recue',
  'confirmee',
  'louee',
  'retiree',
  'modification_proposee',
  'modification_validee',
  'modification_refusee',
  'validee',
  'refusee',
  'expiree',
  'relance',
  'renvoyee',
  'remise_en_ligne',
  'archivee',
] as const;
export type EvenementInscription = (typeof EVENEMENTS_INSCRIPTION)[number];

/** One line of an offer's history, oldest first; `detail` is plain French (a reason, words, fields). */
export const inscriptionEvenementSchema = z.object({
  date: z.date(),
  type: z.enum(EVENEMENTS_INSCRIPTION),
  detail: z.string().nullable(),
});
export type InscriptionEvenement = z.output<typeof inscriptionEvenementSchema>;

/** The stored registration as staff read it, with its history. */
export const inscriptionDetailSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  idStatut: z.number().int(),
  statut: z.string(),
  /** Last time the offer was known to be available: « Toujours disponible », else validation, else deposit. */
  dateConfirmation: z.date(),
  /** Why it left the list without staff (with « Archivé »), and the landlord's words. */
  motifArchivage: z.enum(MOTIFS_ARCHIVAGE).nullable(),
  motifArchivageTexte: z.string().nullable(),
  historique: z.array(inscriptionEvenementSchema),
  /** Other live offers with the same landlord e-mail, phone or address (« Doublon possible »). */
  doublons: z.array(doublonSchema),
  proprietaire: proprietaireStoredSchema,
  logement: logementStoredSchema,
  /** The landlord's changes to this validated offer, awaiting review; null when none. */
  tempdata: inscriptionModificationSchema.nullable(),
  /** Sent back with each staff action: a 409 if the offer changed meanwhile (see version.ts). */
  version: z.string(),
});
export type InscriptionDetail = z.output<typeof inscriptionDetailSchema>;

export const inscriptionIdParamsSchema = idParamsSchema;
/** Free words (a refusal's reason, a landlord's): at most 500 characters, blank meaning none. */
export const MOTIF_MAX = 500;
const optionalReason = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  multilineText(MOTIF_MAX).optional(),
);
const statutChoisi = { error: 'Veuillez choisir un statut.' };
export const inscriptionUpdateSchema = z.object({
  // The ids follow each other: bounds say it in the API's documentation.
  statut: z.coerce
    .number(statutChoisi)
    .int(statutChoisi)
    .min(Math.min(...STATUT_IDS), statutChoisi)
    .max(Math.max(...STATUT_IDS), statutChoisi),
  /** With « Refusé »: the reason the decision mail gives the landlord. */
  motif: optionalReason,
  version: versionSchema.optional(),
});
/** « Refuser les modifications »: optionally why, quoted in the landlord's mail. */
export const modificationRefusalSchema = modificationDecisionSchema.extend({ motif: optionalReason });

// ── The landlord's personal link (/logement/<token>, issue 17) ──────────────────────
export const LIEN_INVALIDE =
  'Lien invalide ou expiré. Vous pouvez demander un nouveau lien depuis la page de dépôt d’une offre.';
export const OFFRE_ARCHIVEE =
  'Cette offre est archivée : elle n’est plus dans la liste des logements et ne peut plus être modifiée.';

export const logementTokenParamsSchema = z.object({
  token: z.string({ error: LIEN_INVALIDE }).min(1, { error: LIEN_INVALIDE }).max(100, { error: LIEN_INVALIDE }),
});

/** The offer as its landlord sees it through the personal link. */
export const logementSelfViewSchema = z.object({
  id: z.number().int(),
  idStatut: z.number().int(),
  statut: z.string(),
  /** When the offer was received. */
  date: z.date(),
  /** Last time staff set it to « Validé ». */
  dateValidation: z.date().nullable(),
  /** Last time it was known to be available (validation or « Toujours disponible »). */
  dateConfirmation: z.date().nullable(),
  /** A « still available? » mail awaits an answer since this date. */
  dateRelance: z.date().nullable(),
  motifArchivage: z.enum(MOTIFS_ARCHIVAGE).nullable(),
  motifArchivageTexte: z.string().nullable(),
  proprietaire: proprietaireStoredSchema,
  logement: logementStoredSchema,
  /** Changes the landlord proposed, still awaiting the office's review (the offer is listed unchanged meanwhile). */
  tempdata: inscriptionModificationSchema.nullable(),
  /** A refused offer: the reason the office gave, if any (null otherwise). */
  motifRefus: z.string().nullable(),
  /** An archived offer the landlord may put back (« Remettre mon offre en ligne »), and where it then goes. */
  remiseEnLigne: z.enum(['directe', 'examen']).nullable(),
});
export type LogementSelfView = z.output<typeof logementSelfViewSchema>;

/** What the landlord reads once an action of the personal page is recorded. */
export const LOGEMENT_ACTION_MESSAGES = {
  disponible: 'Merci : votre offre est confirmée comme toujours disponible.',
  loue: 'Merci : votre logement est noté comme loué et retiré de la liste.',
  retiree: 'Votre offre est retirée de la liste des logements.',
  remiseDirecte: 'Votre offre est de nouveau dans la liste des logements, confirmée comme disponible.',
  remiseExamen:
    'Votre offre est renvoyée au guichet : elle sera de nouveau dans la liste des logements après vérification.',
} as const;
/** « Remettre mon offre en ligne » refused: archived by the office, or not archived at all. */
export const REMISE_IMPOSSIBLE = {
  parLeGuichet:
    'Cette offre a été archivée par le guichet : vous ne pouvez pas la remettre en ligne vous-même. Contactez-nous, ou déposez une nouvelle offre.',
  pasArchivee: 'Cette offre n’est pas archivée : elle n’a pas à être remise en ligne.',
} as const;

/** « Mon logement est loué » / « Retirer mon offre »: the landlord's words, optional. */
export const logementArchiveBodySchema = z.object({ motif: optionalReason });
export type LogementArchiveBody = z.input<typeof logementArchiveBodySchema>;

/** A lost link asked for again by e-mail address. */
export const lienPerduBodySchema = z.object({
  email: text(PROPRIETAIRE_FIELD_TABLE.email.max).pipe(z.email({ error: M.email })),
});
