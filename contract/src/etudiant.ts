import { z } from 'zod';
import { idSchema as rowId, safeString, text } from './common.ts';
import { listQuerySchema, queryDay, queryIds, queryText } from './list.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Schools offered to students (spec §9), in the order of the form's select. */
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

const missing = (input: unknown) => input === undefined || input === null || input === '';

export const ecoleSchema = z.enum(ECOLES, {
  error: (issue) => (missing(issue.input) ? FIELD_MESSAGES.obligatoire : FIELD_MESSAGES.choix),
});

/** A student's request for the housing list (`POST /api/etudiant/add`); the server re-validates it. */
export const etudiantRequestSchema = z.object({
  email: text(180).pipe(z.email({ error: FIELD_MESSAGES.email })),
  cp: z
    .string({ error: FIELD_MESSAGES.obligatoire })
    .trim()
    .min(1, { error: FIELD_MESSAGES.obligatoire })
    .regex(/^\d{5}$/, { error: FIELD_MESSAGES.cp }),
  ville: text(100).transform((v) => v.toLocaleUpperCase('fr-FR')),
  ecole: ecoleSchema,
  /** Sent by the spec's call, but the form has no address field (docs/decisions.md). */
  adresse: safeString()
    .trim()
    .max(255, { error: FIELD_MESSAGES.tropLong(255) })
    .optional()
    .default(''),
});
export type EtudiantRequest = z.input<typeof etudiantRequestSchema>;

export const ETUDIANT_MESSAGES = {
  demandeEnregistree:
    'Votre demande a bien été enregistrée. Vous recevrez la liste des logements privés par courriel dès sa validation par le guichet.',
  demandeDejaEnCours:
    'Une demande est déjà en cours de traitement pour cette adresse e-mail. Vous recevrez la liste des logements privés par courriel dès sa validation par le guichet.',
  selectionVide: 'Veuillez sélectionner au moins une demande.',
  actionInconnue: 'Action inconnue : choisissez « valider » ou « refuser ».',
  demandeIntrouvable: (ids: number[]) =>
    ids.length === 1 ? `Demande introuvable (n° ${ids[0]}).` : `Demandes introuvables (n° ${ids.join(', ')}).`,
  dejaValidee: (email: string) =>
    `La demande de ${email} a déjà été validée et la liste envoyée : elle ne peut plus être refusée.`,
  validees: (n: number) =>
    n === 1
      ? '1 demande validée : la liste des logements a été envoyée par courriel.'
      : `${n} demandes validées : la liste des logements a été envoyée par courriel à chaque étudiant.`,
  refusees: (n: number) => (n === 1 ? '1 demande refusée.' : `${n} demandes refusées.`),
} as const;

export const etudiantAddResponseSchema = z.object({ status: z.literal('success'), message: z.string() });

/** One row of the admin table 'Demandes étudiants' (spec §3). */
export const etudiantSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  email: z.string(),
  adresse: z.string(),
  cp: z.string(),
  ville: z.string(),
  ecole: z.string(),
  idStatut: z.number().int(),
  statut: z.string(),
});
export type Etudiant = Omit<z.infer<typeof etudiantSchema>, 'date'> & { date: string };

export const ETUDIANT_COLUMNS = ['date', 'email', 'adresse', 'ecole', 'statut'] as const;
export const etudiantListQuerySchema = listQuerySchema(ETUDIANT_COLUMNS, {
  date: queryDay,
  email: queryText,
  ecole: ecoleSchema,
  statut: queryIds,
});
export const etudiantExportQuerySchema = etudiantListQuerySchema.omit({ page: true, rowsPerPage: true });
export const etudiantListSchema = z.object({ count: z.number().int(), etudiants: z.array(etudiantSchema) });
export type EtudiantList = { count: number; etudiants: Etudiant[] };

export const ETUDIANT_ACTIONS = ['valider', 'refuser'] as const;
export type EtudiantAction = (typeof ETUDIANT_ACTIONS)[number];
/**
 * At most this many rows per action: one mail each, written in one transaction. The table's
 * largest page is 100 rows, and selection is per page.
 */
export const SELECTION_MAX = 100;

const idSchema = rowId();
/**
 * `PUT /api/admin/etudiants/update`: the spec sends "the selected rows"; plain ids are accepted too.
 * Either way only the ids are read.
 */
export const etudiantUpdateSchema = z.object({
  selection: z
    .array(z.union([idSchema, z.looseObject({ id: idSchema })], { error: ETUDIANT_MESSAGES.selectionVide }), {
      error: ETUDIANT_MESSAGES.selectionVide,
    })
    .min(1, { error: ETUDIANT_MESSAGES.selectionVide })
    .max(SELECTION_MAX, { error: `Au plus ${SELECTION_MAX} demandes à la fois.` })
    .transform((rows) => [...new Set(rows.map((r) => (typeof r === 'number' ? r : r.id)))]),
  action: z.enum(ETUDIANT_ACTIONS, { error: ETUDIANT_MESSAGES.actionInconnue }),
});
export type EtudiantUpdate = z.input<typeof etudiantUpdateSchema>;
