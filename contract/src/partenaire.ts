import { z } from 'zod';
import { ID_MAX, idParamsSchema, idSchema, multilineText, text } from './common.ts';
import { courrielEchecSchema } from './courriels.ts';
import { doublonCriteresSchema, doublonSchema } from './doublon.ts';
import { choiceField, inputShape, storedShape, textField } from './field-table.ts';
import { type ListFilter, listQuerySchema, queryBoolean, queryDay, queryIds, queryText } from './list.ts';
import { FIELD_MESSAGES } from './messages.ts';
import {
  CIVILITES,
  PARTENAIRE_LABELS as L,
  PARTENAIRE_MAX as MAX,
  normalizeLink,
  PARTENAIRE_MESSAGES,
  PARTENAIRE_TYPES,
} from './partenaire-form.ts';
import { isStatutId, STATUT } from './reference.ts';
import { queryAttente } from './tableau-de-bord.ts';
import { telephoneSchema } from './telephone.ts';
import { versionSchema } from './version.ts';

// The forms' labels, limits, lists and messages are apart, free of zod (the registration's first screen needs them).
export {
  CIVILITES,
  LOGO_MAX_BYTES,
  LOGO_MIME,
  logoErreurDetail,
  logoFormatRecu,
  normalizeLink,
  PARTENAIRE_FIELD_KEYS,
  PARTENAIRE_LABELS,
  PARTENAIRE_MAX,
  PARTENAIRE_MESSAGES,
  PARTENAIRE_TYPE_LABELS,
  type PartenaireFieldKey,
} from './partenaire-form.ts';

/** Stored logo names: 128 random bits in hex and the extension of the re-encoded format. */
export const LOGO_NAME = /^[0-9a-f]{32}\.(?:png|jpg)$/;

const link = (max: number) =>
  text(max).transform((v, ctx) => {
    const n = normalizeLink(v);
    if (n === null || n.length > max) {
      ctx.addIssue({ code: 'custom', message: n === null ? FIELD_MESSAGES.url : FIELD_MESSAGES.tropLong(max) });
      return z.NEVER;
    }
    return n;
  });
const email = (max: number) => text(max).pipe(z.email({ error: FIELD_MESSAGES.email }));

const upper = (v: string) => v.toLocaleUpperCase('fr-FR');

/**
 * The partner's own fields, as typed in every partner form (all required, docs/spec/portal-spec.md §5): label and
 * width from partenaire-form.ts (one entry per label, no other), and the check. Stored and sent back as plain strings.
 */
export const PARTENAIRE_FIELD_TABLE = {
  nom: textField(L.nom, MAX.nom, text),
  lien: textField(L.lien, MAX.lien, link),
  lienOffres: textField(L.lienOffres, MAX.lienOffres, link),
  presentation: textField(L.presentation, MAX.presentation, multilineText),
  logo: choiceField(
    L.logo,
    z
      .string({ error: PARTENAIRE_MESSAGES.logoObligatoire })
      .min(1, { error: PARTENAIRE_MESSAGES.logoObligatoire })
      .regex(LOGO_NAME, { error: PARTENAIRE_MESSAGES.logoInconnu }),
  ),
  nomComplet: textField(L.nomComplet, MAX.nomComplet, text),
  adresse: textField(L.adresse, MAX.adresse, text),
  // The input stops at 5; a longer value sent anyway is answered "5 chiffres", not "too long".
  cp: textField(L.cp, MAX.cp, () => text(20).regex(/^\d{5}$/, { error: FIELD_MESSAGES.cp })),
  ville: textField(L.ville, MAX.ville, (max) => text(max).transform(upper)),
  telephone: textField(L.telephone, MAX.telephone, () => telephoneSchema),
  mail: textField(L.mail, MAX.mail, email),
  civiliteR: choiceField(L.civiliteR, z.enum(CIVILITES, { error: PARTENAIRE_MESSAGES.civilite })),
  nomR: textField(L.nomR, MAX.nomR, text),
  prenomR: textField(L.prenomR, MAX.prenomR, text),
  fonctionR: textField(L.fonctionR, MAX.fonctionR, text),
  telephoneR: textField(L.telephoneR, MAX.telephoneR, () => telephoneSchema),
  mailR: textField(L.mailR, MAX.mailR, email),
} as const satisfies Record<keyof typeof L, unknown>;

export const partenaireFieldsSchema = z.object(inputShape(PARTENAIRE_FIELD_TABLE));
export type PartenaireFieldsInput = z.input<typeof partenaireFieldsSchema>;
export type PartenaireFields = z.output<typeof partenaireFieldsSchema>;

/** The same fields as stored and sent back: plain strings (a response is never re-validated). */
export const partenaireDataSchema = z.object(storedShape(PARTENAIRE_FIELD_TABLE));
export type PartenaireData = z.infer<typeof partenaireDataSchema>;

/** POST /api/partenaire/add: the registration form (typePartenaire from ?desk=, docs/spec/decisions.md §2). */
export const partenaireAddSchema = partenaireFieldsSchema.extend({
  typePartenaire: z.enum(PARTENAIRE_TYPES, { error: FIELD_MESSAGES.choix }).optional().default('guichet'),
});

// ── Public directory ────────────────────────────────────────────────────────────
/** `filtres[]=3` or a lone `filtres=3` (stack notes): theme ids 1 to 10. */
export const partenairePublicQuerySchema = z.object({
  filtres: z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number().int().min(1).max(10)).max(10),
    )
    .optional(),
});
/** What the public directory shows of a partner: no contact, no representative. */
export const partenairePublicSchema = z.object({
  id: z.number().int(),
  ...partenaireDataSchema.pick({ nom: true, lien: true, lienOffres: true, presentation: true, logo: true }).shape,
  idCategorie: z.number().int().nullable(),
});
export type PartenairePublic = z.infer<typeof partenairePublicSchema>;

// ── Self-update through the personal link (docs/spec/decisions.md §4, §5) ───────────────────────
/** Tokens are 256 bits in base64url (43 characters); anything else cannot exist. */
export const partenaireTokenSchema = z
  .string({ error: 'Le lien personnel est manquant ou invalide.' })
  .max(100, { error: 'Le lien personnel est manquant ou invalide.' });
export const partenaireSelfViewSchema = z.object({ partenaire: partenaireDataSchema.extend({ id: z.number().int() }) });
export type PartenaireSelfView = z.infer<typeof partenaireSelfViewSchema>['partenaire'];
export const partenaireConfirmSchema = z.object({ token: partenaireTokenSchema });
/** A new renewal link asked for by e-mail address (a used or expired link's page). */
export const partenaireLienBodySchema = z.object({ email: email(MAX.mail) });
export const partenaireSelfUpdateSchema = partenaireFieldsSchema.extend({ token: partenaireTokenSchema });

// ── Admin ──────────────────────────────────────────────────────────────────────
export const partenaireIdParamsSchema = idParamsSchema;

export const PARTENAIRE_LIST_COLUMNS = [
  'tempdata',
  'token',
  'date',
  'dateLastUpdate',
  'nom',
  'lien',
  'categorie',
  'statut',
  'actif',
] as const;
/**
 * The answer to the last renewal mail, as the staff list shows it (issue 18): confirmed unchanged,
 * changes proposed, mailed and not answered yet, or never mailed (since the answer was recorded).
 */
export const RENOUVELLEMENT_ETATS = ['confirme', 'modifie', 'sansReponse', 'jamais'] as const;
export type RenouvellementEtat = (typeof RENOUVELLEMENT_ETATS)[number];
export const RENOUVELLEMENT_LABELS: Record<RenouvellementEtat, string> = {
  confirme: 'Confirmé',
  modifie: 'Modifié',
  sansReponse: 'Sans réponse',
  jamais: '—',
};

export const partenaireListQuerySchema = listQuerySchema(PARTENAIRE_LIST_COLUMNS, {
  tempdata: queryBoolean,
  /** « En attente depuis plus de N jours »: a registration, or proposed changes, waiting that long (issue 18). */
  attente: queryAttente,
  token: queryBoolean,
  renouvellement: z.enum(RENOUVELLEMENT_ETATS, { error: FIELD_MESSAGES.choix }),
  date: queryDay,
  nom: queryText,
  categorie: queryIds,
  statut: queryIds,
  actif: queryBoolean,
}).extend({
  /** Registered or last updated during this calendar year (docs/spec/decisions.md §3). */
  annee: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const partenaireExportQuerySchema = partenaireListQuerySchema.omit({ page: true, rowsPerPage: true });
/** The list's column filters as the server receives them (`annee` is beside them, not one of them). */
export type PartenaireListFilter = ListFilter<typeof partenaireListQuerySchema>;

export const partenaireListItemSchema = z.object({
  id: z.number().int(),
  tempdata: z.boolean(),
  token: z.boolean(),
  renouvellement: z.enum(RENOUVELLEMENT_ETATS),
  date: z.date(),
  dateLastUpdate: z.date().nullable(),
  nom: z.string(),
  lien: z.string(),
  categorie: z.string().nullable(),
  idCategorie: z.number().int().nullable(),
  statut: z.string(),
  idStatut: z.number().int(),
  actif: z.boolean(),
  /** Since when it waits for staff (proposed changes, else a registration « En attente »); null: it does not. */
  enAttenteDepuis: z.date().nullable(),
  /** The last renewal mail failed (« Courriel en échec »); null otherwise. */
  courrielEchec: courrielEchecSchema.nullable(),
  /** « Doublon possible »: what it shares with another live partner (empty: none). */
  doublon: doublonCriteresSchema,
});
export type PartenaireListItem = z.infer<typeof partenaireListItemSchema>;
export const partenaireListSchema = z.object({
  count: z.number().int(),
  partenaires: z.array(partenaireListItemSchema),
});

/**
 * The renewal campaign (issue 18), one batch per call: the ticked partners (`ids`, at most a
 * batch), or every partner matching the list's search and filters, by increasing id after `apres`
 * (the previous answer's `suivant`). The client calls again until `suivant` is null.
 */
export const RENOUVELLEMENT_LOT = 20;
export const partenaireCampaignSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('ids'),
    ids: z
      .array(idSchema())
      .min(1, { error: 'Veuillez sélectionner au moins un partenaire.' })
      .max(RENOUVELLEMENT_LOT, { error: `${RENOUVELLEMENT_LOT} partenaires au plus par envoi.` }),
  }),
  z.object({
    mode: z.literal('filtres'),
    liste: partenaireExportQuerySchema.omit({ sort: true }),
    apres: z.number().int().min(0).max(ID_MAX).optional().default(0),
  }),
]);
export type PartenaireCampaign = z.input<typeof partenaireCampaignSchema>;
export const partenaireCampaignResultSchema = z.object({
  envoyes: z.number().int(),
  /** Skipped: changes proposed by the partner wait for staff (no renewal then). */
  modificationsEnAttente: z.number().int(),
  /** Skipped: not « Validé ». */
  nonValides: z.number().int(),
  /** Skipped: deleted meanwhile. */
  introuvables: z.number().int(),
  /** `filtres`: the last id of this batch (the next call's `apres`); null when none is left. */
  suivant: z.number().int().nullable(),
  /** `filtres`: partners still matching after this batch. */
  restants: z.number().int(),
});
export type PartenaireCampaignResult = z.infer<typeof partenaireCampaignResultSchema>;

/** The campaign's confirmation, before anything is sent: the list's search and filters, as the list sends them. */
export const partenaireCampaignPreviewQuerySchema = partenaireExportQuerySchema.omit({ sort: true });
export const partenaireCampaignPreviewSchema = z.object({
  /** Partners the list's search and filters match. */
  partenaires: z.number().int(),
  /** Those of them that would get the mail (validated, no pending changes): one mail each. */
  courriels: z.number().int(),
});
export type PartenaireCampaignPreview = z.infer<typeof partenaireCampaignPreviewSchema>;

export const partenaireAdminSchema = partenaireDataSchema.extend({
  id: z.number().int(),
  date: z.date(),
  dateLastUpdate: z.date().nullable(),
  typePartenaire: z.enum(PARTENAIRE_TYPES),
  statut: z.string(),
  idStatut: z.number().int(),
  categorie: z.string().nullable(),
  idCategorie: z.number().int().nullable(),
  filtre: z.object({ id: z.number().int(), tag: z.string() }).nullable(),
  actif: z.boolean(),
  /** A renewal link was mailed and not used yet (the token itself never leaves the server). */
  token: z.boolean(),
  tokenSentAt: z.date().nullable(),
  tempdata: partenaireDataSchema.nullable(),
  /** Sent back with each staff action: a 409 if the partner changed meanwhile (see version.ts). */
  version: z.string(),
});
export type PartenaireAdmin = z.infer<typeof partenaireAdminSchema>;
export const partenaireAdminResponseSchema = z.object({
  partenaire: partenaireAdminSchema,
  /** The last renewal mail failed (« Courriel en échec »): when it was queued and why it failed. */
  courrielEchec: courrielEchecSchema.nullable(),
  /** Other live partners with the same name or e-mail (« Doublon possible »). */
  doublons: z.array(doublonSchema),
});

/** A category (integer column) or theme (smallint column) id, or none; the ceilings keep the query valid. */
const optionalId = (max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    idSchema(FIELD_MESSAGES.choix).max(max, { error: FIELD_MESSAGES.choix }).nullable(),
  );
/** PUT /api/admin/partenaire/update/{id} (docs/spec/decisions.md §5). */
export const partenaireAdminUpdateSchema = z.object({
  partenaire: partenaireFieldsSchema
    .extend({
      statut: z.coerce.number().int().refine(isStatutId, { error: FIELD_MESSAGES.choix }),
      actif: z.boolean({ error: FIELD_MESSAGES.choix }),
      categorie: optionalId(ID_MAX).optional().default(null),
      filtre: optionalId(32_767).optional().default(null),
    })
    // A validated partner is listed under its category and theme: both are needed then.
    .superRefine((p, ctx) => {
      if (p.statut !== STATUT.valide) return;
      if (p.categorie === null)
        ctx.addIssue({ code: 'custom', path: ['categorie'], message: PARTENAIRE_MESSAGES.categorieObligatoire });
      if (p.filtre === null)
        ctx.addIssue({ code: 'custom', path: ['filtre'], message: PARTENAIRE_MESSAGES.filtreObligatoire });
    }),
  version: versionSchema.optional(),
});
export type PartenaireAdminUpdate = z.output<typeof partenaireAdminUpdateSchema>['partenaire'];
/** A refused or archived partner gets no renewal link (it would let it propose changes again). */
export const RENOUVELLEMENT_CLOS =
  'Ce partenaire est refusé ou archivé : il ne peut pas recevoir de mail de renouvellement. Changez d’abord son statut.';
/** PUT /api/admin/partenaire/valid/update/{id}: the (possibly edited) proposal. */
export const partenaireValidUpdateSchema = z.object({
  partenaire: partenaireFieldsSchema,
  version: versionSchema.optional(),
});

export const logoUploadResponseSchema = z.object({ status: z.literal('success'), file: z.string() });
