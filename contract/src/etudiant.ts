import { z } from 'zod';
import { oneLineString, idSchema as rowId, safeString, text } from './common.ts';
import { courrielEchecSchema } from './courriels.ts';
import { CP_FRANCE_LENGTH, ECOLES, ETUDIANT_LABELS as L, ETUDIANT_MAX as MAX } from './etudiant-form.ts';
import { choiceField, inputShape, storedShape, textField } from './field-table.ts';
import { cappedCountShape, type ListFilter, listQuerySchema, queryDay, queryIds, queryText } from './list.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { PAYS_CODES, PAYS_FRANCE } from './pays.ts';
import { queryAttente } from './tableau-de-bord.ts';

// The form's labels, limits and schools are apart, free of zod (its first screen needs them).
export { CP_FRANCE_LENGTH, ECOLES, type Ecole, ETUDIANT_LABELS, ETUDIANT_MAX } from './etudiant-form.ts';

const missing = (input: unknown) => input === undefined || input === null || input === '';

/** The sentences of the student's own checks (the country and the postal code that depends on it). */
export const ETUDIANT_FIELD_MESSAGES = {
  pays: 'Veuillez choisir un pays dans la liste.',
  cpFrance:
    'Veuillez saisir un code postal français à 5 chiffres (par exemple 10000). Pour une adresse hors de France, choisissez d’abord le pays.',
  cpEtranger: 'Le code postal ne peut contenir que des lettres, des chiffres, des espaces ou des tirets.',
} as const;

export const ecoleSchema = z.enum(ECOLES, {
  error: (issue) => (missing(issue.input) ? FIELD_MESSAGES.obligatoire : FIELD_MESSAGES.choix),
});

/** The student's fields: label, check and limit (the form caps input to it). */
export const ETUDIANT_FIELD_TABLE = {
  email: textField(L.email, MAX.email, (max) => text(max).pipe(z.email({ error: FIELD_MESSAGES.email }))),
  /** The country of the current address: France unless said otherwise (the spec's call has none). */
  pays: choiceField(L.pays, z.enum(PAYS_CODES, { error: ETUDIANT_FIELD_MESSAGES.pays }).default(PAYS_FRANCE)),
  /** Its rules depend on the country: checked with it, below. */
  cp: textField(L.cp, MAX.cp, (max) =>
    oneLineString(max)
      .optional()
      .transform((v) => (v ?? '').toLocaleUpperCase('fr-FR')),
  ),
  ville: textField(L.ville, MAX.ville, (max) => text(max).transform((v) => v.toLocaleUpperCase('fr-FR'))),
  ecole: choiceField(L.ecole, ecoleSchema),
  /** Sent by the spec's call, but the form has no address field (docs/decisions.md). */
  adresse: textField(L.adresse, MAX.adresse, (max) => oneLineString(max).optional().default('')),
} as const;

const CP_FRANCE = new RegExp(`^\\d{${CP_FRANCE_LENGTH}}$`);
/** Abroad: letters, digits, spaces and hyphens, starting with a letter or digit (« SW1A 1AA », « 1000-001 »). */
const CP_ETRANGER = /^[A-Z0-9][A-Z0-9 -]*$/;

/**
 * The postal code against the country: in France the spec's five digits, required; elsewhere
 * optional, or up to ten letters, digits, spaces and hyphens.
 */
function checkCp(v: { pays?: unknown; cp?: unknown }, ctx: z.RefinementCtx) {
  const cp = typeof v.cp === 'string' ? v.cp : '';
  if (v.pays === PAYS_FRANCE) {
    if (cp === '') ctx.addIssue({ code: 'custom', path: ['cp'], message: FIELD_MESSAGES.obligatoire });
    else if (!CP_FRANCE.test(cp))
      ctx.addIssue({ code: 'custom', path: ['cp'], message: ETUDIANT_FIELD_MESSAGES.cpFrance });
  } else if (cp !== '' && !CP_ETRANGER.test(cp)) {
    ctx.addIssue({ code: 'custom', path: ['cp'], message: ETUDIANT_FIELD_MESSAGES.cpEtranger });
  }
}

/** A student's request for the housing list (`POST /api/etudiant/add`); the server re-validates it. */
export const etudiantRequestSchema = z.object(inputShape(ETUDIANT_FIELD_TABLE)).superRefine(checkCp, {
  // Runs even when another field failed, so the form shows every problem at once.
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});
export type EtudiantRequest = z.input<typeof etudiantRequestSchema>;

/** "n° 1 ; n° 2"; past five, "… et 7 autres" (the `errors` list names every one). */
function listed(items: string[], shown = 5) {
  if (items.length > shown) return `${items.slice(0, shown).join(' ; ')} et ${items.length - shown} autres`;
  return items.join(' ; ');
}

export const ETUDIANT_MESSAGES = {
  demandeEnregistree:
    'Votre demande a bien été enregistrée. Vous recevrez la liste des logements privés par courriel dès sa validation par le guichet.',
  selectionVide: 'Veuillez sélectionner au moins une demande.',
  actionInconnue: 'Action inconnue : choisissez « valider » ou « refuser ».',
  /**
   * One entry of `errors` per selected request that no longer exists; its e-mail is the one the
   * client sent with the row (the server has nothing left to read it from).
   */
  demandeIntrouvable: (r: { id: number; email?: string }) =>
    `La demande n° ${r.id}${r.email ? ` (${r.email})` : ''} est introuvable : elle a peut-être été supprimée entre-temps.`,
  /** The 404 `message`: the whole selection is refused, naming the missing requests. */
  selectionIntrouvable: (rows: { id: number; email?: string }[]) =>
    `${rows.length === 1 ? 'Une demande sélectionnée est introuvable' : `${rows.length} demandes sélectionnées sont introuvables`} (${listed(rows.map((r) => `n° ${r.id}${r.email ? `, ${r.email}` : ''}`))}) : ${rows.length === 1 ? 'elle a' : 'elles ont'} peut-être été supprimée${rows.length === 1 ? '' : 's'} entre-temps. Aucune demande n'a été modifiée ; rechargez la liste.`,
  /** One entry of `errors` per selected request that may no longer be refused. */
  dejaValidee: (r: { id: number; email: string }) =>
    `La demande n° ${r.id} (${r.email}) a déjà été validée et sa liste des logements remise à l’envoi : elle ne peut plus être refusée.`,
  /** The 400 `message` of such a refusal. */
  refusImpossible: (rows: { id: number; email: string }[]) =>
    `Refus impossible : ${rows.length === 1 ? 'une demande sélectionnée a déjà été validée' : `${rows.length} demandes sélectionnées ont déjà été validées`} et ${rows.length === 1 ? 'sa' : 'leur'} liste des logements remise à l’envoi (${listed(rows.map((r) => `n° ${r.id}, ${r.email}`))}). Retirez-les de la sélection ; aucune demande n'a été modifiée.`,
  /**
   * `n` requests validated, their mails queued (not sent yet: the mail log shows when they go);
   * `deja` were validated before: left as they were, with no second mail.
   */
  validees: (n: number, deja = 0) => {
    const sent =
      n === 0
        ? 'Aucune demande validée'
        : n === 1
          ? '1 demande validée : la liste des logements sera envoyée par courriel dans quelques instants (suivi dans « Courriels »)'
          : `${n} demandes validées : la liste des logements sera envoyée par courriel à chaque étudiant dans quelques instants (suivi dans « Courriels »)`;
    if (deja === 0) return `${sent}.`;
    const before =
      deja === 1
        ? "1 demande était déjà validée : elle n'a pas été modifiée et aucun courriel ne lui a été renvoyé."
        : `${deja} demandes étaient déjà validées : elles n'ont pas été modifiées et aucun courriel ne leur a été renvoyé.`;
    return `${sent}. ${before}`;
  },
  refusees: (n: number) => (n === 1 ? '1 demande refusée.' : `${n} demandes refusées.`),
} as const;

export const etudiantAddResponseSchema = z.object({ status: z.literal('success'), message: z.string() });

/** One row of the admin table 'Demandes étudiants' (docs/spec/portal-spec.md §3): the request as stored, its date and status. */
export const etudiantSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  ...storedShape(ETUDIANT_FIELD_TABLE),
  idStatut: z.number().int(),
  statut: z.string(),
  /** The housing-list mail failed (« Courriel en échec »); null when it went or none was sent. */
  courrielEchec: courrielEchecSchema.nullable(),
});

export const ETUDIANT_COLUMNS = ['date', 'email', 'adresse', 'ecole', 'statut'] as const;
export const etudiantListQuerySchema = listQuerySchema(ETUDIANT_COLUMNS, {
  /** « En attente depuis plus de N jours » (issue 18). */
  attente: queryAttente,
  date: queryDay,
  email: queryText,
  ecole: ecoleSchema,
  statut: queryIds,
});
export const etudiantExportQuerySchema = etudiantListQuerySchema.omit({ page: true, rowsPerPage: true });
export type EtudiantListFilter = ListFilter<typeof etudiantListQuerySchema>;
export const etudiantListSchema = z.object({ ...cappedCountShape, etudiants: z.array(etudiantSchema) });

export const ETUDIANT_ACTIONS = ['valider', 'refuser'] as const;
export type EtudiantAction = (typeof ETUDIANT_ACTIONS)[number];
/**
 * At most this many rows per action: one mail each, written in one transaction. The table's
 * largest page is 100 rows, and selection is per page.
 */
export const SELECTION_MAX = 100;

const idSchema = rowId();
/** A selected row as the table holds it: the id is what counts; its e-mail only names it in an error. */
const selectedRow = z.looseObject({
  id: idSchema,
  email: safeString().max(MAX.email).optional().catch(undefined),
});
/**
 * `PUT /api/admin/etudiants/update`: the spec sends "the selected rows"; plain ids are accepted too.
 * The ids are what the action reads; a row's e-mail, when sent, lets an error name a request that
 * no longer exists. Output: one entry per distinct id.
 */
export const etudiantUpdateSchema = z.object({
  selection: z
    .array(z.union([idSchema, selectedRow], { error: ETUDIANT_MESSAGES.selectionVide }), {
      error: ETUDIANT_MESSAGES.selectionVide,
    })
    .min(1, { error: ETUDIANT_MESSAGES.selectionVide })
    .max(SELECTION_MAX, { error: `Au plus ${SELECTION_MAX} demandes à la fois.` })
    .transform((rows) => {
      const byId = new Map<number, { id: number; email?: string }>();
      for (const r of rows) {
        const row = typeof r === 'number' ? { id: r } : { id: r.id, email: r.email };
        if (!byId.get(row.id)?.email) byId.set(row.id, row);
      }
      return [...byId.values()];
    }),
  action: z.enum(ETUDIANT_ACTIONS, { error: ETUDIANT_MESSAGES.actionInconnue }),
});
export type EtudiantUpdate = z.input<typeof etudiantUpdateSchema>;
/**
 * The answer to the bulk action: `message` for the staff banner, the ids whose status this
 * action set (`traitees`) and, for valider, those left as they were because already validated
 * (`dejaValidees`: no second mail).
 */
export const etudiantUpdateResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  traitees: z.array(z.number().int()),
  dejaValidees: z.array(z.number().int()),
});
export type EtudiantUpdateResponse = z.infer<typeof etudiantUpdateResponseSchema>;
