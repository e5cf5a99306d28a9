import { z } from 'zod';
import { idParam, idSchema } from './common.ts';
import { type ListFilter, listQuerySchema, queryDay } from './list.ts';

/**
 * What an outgoing mail is, for the staff mail log (issue 18). The key is stored with the mail
 * (`mail_outbox.kind`); the label is what staff read. A new kind of mail adds one line here.
 */
export const COURRIEL_TYPES = {
  liste_logements: 'Liste des logements',
  renouvellement_partenaire: 'Renouvellement partenaire',
  accuse_reception_partenaire: 'Accusé de réception (partenaire)',
  decision_partenaire: 'Décision (partenaire)',
  lien_partenaire: 'Nouveau lien (partenaire)',
  accuse_reception_proprietaire: 'Accusé de réception (propriétaire)',
  decision_proprietaire: 'Décision (propriétaire)',
  disponibilite_a_confirmer: 'Disponibilité à confirmer',
  offre_expiree: 'Offre expirée',
  lien_personnel: 'Lien personnel',
  modification_proprietaire: 'Modification (propriétaire)',
  resume_quotidien: 'Résumé quotidien',
} as const;
export type CourrielType = keyof typeof COURRIEL_TYPES;
export const COURRIEL_TYPE_KEYS = Object.keys(COURRIEL_TYPES) as [CourrielType, ...CourrielType[]];

/** The row a mail is about, so that its failure shows there (`mail_outbox.entite`, `entite_id`). */
export const COURRIEL_ENTITES = ['etudiant', 'partenaire', 'inscription', 'agent'] as const;
export type CourrielEntite = (typeof COURRIEL_ENTITES)[number];

/**
 * Where a mail stands (`mail_outbox.status`). `sending`: claimed by a dispatcher right now (or
 * left by a stopped process, taken again after 5 minutes); the filter counts it as waiting.
 */
export const COURRIEL_STATUTS = {
  pending: 'En attente',
  sending: 'Envoi en cours',
  sent: 'Envoyé',
  failed: 'En échec',
} as const;
export type CourrielStatut = keyof typeof COURRIEL_STATUTS;
/** What the status filter offers. */
export const COURRIEL_STATUT_FILTRES = ['pending', 'sent', 'failed'] as const;

export const COURRIEL_COLUMNS = ['date', 'destinataire', 'objet', 'type', 'statut', 'tentatives'] as const;
export const courrielListQuerySchema = listQuerySchema(COURRIEL_COLUMNS, {
  statut: z.enum(COURRIEL_STATUT_FILTRES, { error: 'Statut de courriel inconnu.' }),
  type: z.enum(COURRIEL_TYPE_KEYS, { error: 'Type de courriel inconnu.' }),
  date: queryDay,
});
export type CourrielListFilter = ListFilter<typeof courrielListQuerySchema>;

/**
 * One line of « Courriels ». Never the text: it may hold a personal link until the mail is sent.
 * `derniereErreur` is the French sentence for the last delivery error (no server path, host or
 * English); the raw error is only in the detail, for an administrator.
 */
export const courrielSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  destinataire: z.string(),
  objet: z.string(),
  /** Null for a mail queued before kinds were recorded. */
  type: z.enum(COURRIEL_TYPE_KEYS).nullable(),
  statut: z.enum(Object.keys(COURRIEL_STATUTS) as [CourrielStatut, ...CourrielStatut[]]),
  tentatives: z.number().int(),
  derniereErreur: z.string().nullable(),
  dateEnvoi: z.date().nullable(),
  entite: z.enum(COURRIEL_ENTITES).nullable(),
  entiteId: z.number().int().nullable(),
});
export type Courriel = z.infer<typeof courrielSchema>;
export const courrielListSchema = z.object({ count: z.number().int(), courriels: z.array(courrielSchema) });

export const courrielIdParamsSchema = z.object({ id: idParam('Identifiant de courriel invalide.') });
/**
 * A mail as the detail dialog shows it: the plain text with every personal link masked (a token
 * must not reach a screen, a log or a browser cache), and its attachments' names.
 */
export const courrielDetailSchema = z.object({
  courriel: courrielSchema.extend({
    texte: z.string(),
    piecesJointes: z.array(z.string()),
    /** The error as the mail server or the system gave it: for an administrator, null for anyone else. */
    derniereErreurBrute: z.string().nullable(),
  }),
});

/** What replaces a personal link in the detail dialog. */
export const LIEN_PERSONNEL_MASQUE = '[lien personnel masqué]';

/** At most this many mails per « Renvoyer » (the table's largest page). */
export const RENVOI_MAX = 100;
export const courrielRenvoiSchema = z.object({
  ids: z
    .array(idSchema('Identifiant de courriel invalide.'), { error: 'Veuillez sélectionner au moins un courriel.' })
    .min(1, { error: 'Veuillez sélectionner au moins un courriel.' })
    .max(RENVOI_MAX, { error: `${RENVOI_MAX} courriels au plus à la fois.` })
    .transform((ids) => [...new Set(ids)]),
});
export const courrielRenvoiResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  renvoyes: z.array(z.number().int()),
});

/**
 * « Renvoyer les courriels en échec » of the list as filtered (search and filters, no page): the
 * failed mails among those it shows. The count first, for the confirmation; then the resend with
 * the count confirmed, refused if the list changed meanwhile.
 */
export const courrielFiltresSchema = courrielListQuerySchema.pick({ search: true, filter: true });
export const courrielRenvoiCompteSchema = z.object({
  /** Failed mails the list's filter matches. */
  enEchec: z.number().int(),
  /** Among them, those that can be resent (the others lost their personal link when given up). */
  renvoyables: z.number().int(),
});
/** At most this many mails per resend of a filtered list: beyond, narrow the list (date, type). */
export const RENVOI_FILTRE_MAX = 1000;
export const courrielRenvoiFiltresSchema = z.object({
  liste: courrielFiltresSchema,
  attendu: z.coerce
    .number({ error: 'Nombre de courriels à renvoyer invalide.' })
    .int({ error: 'Nombre de courriels à renvoyer invalide.' })
    .min(1, { error: 'Aucun courriel en échec à renvoyer dans cette liste.' })
    .max(RENVOI_FILTRE_MAX, { error: `${RENVOI_FILTRE_MAX} courriels au plus à la fois : affinez la liste.` }),
});

const numeros = (ids: number[]) => ids.map((id) => `n° ${id}`).join(', ');
export const COURRIEL_MESSAGES = {
  courrielIntrouvable: 'Courriel introuvable : il a peut-être été supprimé (durée de conservation).',
  numeroIntrouvable: (id: number) => `Le courriel n° ${id} est introuvable.`,
  introuvables: (ids: number[]) =>
    `${ids.length === 1 ? 'Un courriel sélectionné est introuvable' : `${ids.length} courriels sélectionnés sont introuvables`} (${numeros(ids)}) : ${ids.length === 1 ? 'il a' : 'ils ont'} peut-être été supprimé${ids.length === 1 ? '' : 's'} (durée de conservation). Aucun courriel n'a été renvoyé.`,
  pasEnEchec: (id: number, statut: CourrielStatut) =>
    `Le courriel n° ${id} est « ${COURRIEL_STATUTS[statut]} » : seul un courriel en échec peut être renvoyé.`,
  renvoiImpossible: (ids: number[]) =>
    `Renvoi impossible : ${ids.length === 1 ? 'un courriel sélectionné n’est pas en échec' : `${ids.length} courriels sélectionnés ne sont pas en échec`} (${numeros(ids)}). Aucun courriel n'a été renvoyé ; rechargez la liste.`,
  /** A mail that failed before failed mails kept their link: resending its text would carry none. */
  lienRetire: (id: number) =>
    `Le courriel n° ${id} ne contient plus son lien personnel (retiré après son dernier essai) : le renvoyer n'aurait pas de sens. Envoyez-en un nouveau depuis la fiche concernée.`,
  renvoyes: (n: number) =>
    n === 1
      ? '1 courriel remis en file : il part dans quelques secondes.'
      : `${n} courriels remis en file : ils partent dans quelques secondes.`,
  /** The list changed between the count the agent confirmed and the resend: nothing was resent. */
  listeChangee: (attendu: number, renvoyables: number) =>
    `La liste a changé depuis votre confirmation : ${renvoyables === 0 ? 'plus aucun courriel en échec ne peut' : renvoyables === 1 ? '1 courriel en échec peut' : `${renvoyables} courriels en échec peuvent`} être renvoyé${renvoyables > 1 ? 's' : ''}, et non ${attendu}. Aucun courriel n'a été renvoyé ; vérifiez la liste et recommencez.`,
  tropNombreux: (n: number) =>
    `${n} courriels en échec dans cette liste : ${RENVOI_FILTRE_MAX} au plus à la fois. Affinez la liste (date, type) et recommencez.`,
  /** The chip on a student request or a partner whose last mail of that kind failed. */
  enEchec: 'Courriel en échec',
} as const;

/** On a row of another list: the last mail of its kind failed (date queued and the error, in French). */
export const courrielEchecSchema = z.object({ id: z.number().int(), date: z.date(), erreur: z.string().nullable() });
