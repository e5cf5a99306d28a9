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

/** One line of « Courriels ». Never the text: it may hold a personal link until the mail is sent. */
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
  /** The chip on a student request or a partner whose last mail of that kind failed. */
  enEchec: 'Courriel en échec',
} as const;

/** On a row of another list: the last mail of its kind failed (date queued and the error). */
export const courrielEchecSchema = z.object({ id: z.number().int(), date: z.date(), erreur: z.string().nullable() });
