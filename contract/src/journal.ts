import { z } from 'zod';
import { ID_MAX } from './common.ts';
import { INSCRIPTION_LABELS } from './inscription.ts';
import { type ListFilter, listQuerySchema, queryDay, queryText } from './list.ts';
import { PARTENAIRE_LABELS } from './partenaire.ts';

/**
 * The « Journal » (issue 18): one line per staff action, written in the transaction of the change,
 * never edited. Actions are dotted codes; the labels below are what staff read. A helper adding an
 * action adds its label here (an unknown code still shows, as its code).
 */
export const JOURNAL_ACTIONS = {
  'inscription.statut': 'Statut d’une offre',
  'inscription.modification': 'Modifications du propriétaire examinées',
  'partenaire.modification': 'Fiche partenaire modifiée',
  'partenaire.proposition.validee': 'Modifications du partenaire validées',
  'partenaire.proposition.refusee': 'Modifications du partenaire refusées',
  'partenaire.renouvellement': 'Mail de renouvellement envoyé',
  'etudiant.validation': 'Demande étudiante validée',
  'etudiant.refus': 'Demande étudiante refusée',
  'role.agents': 'Agents d’un rôle',
  'agent.creation': 'Agent créé',
  'agent.desactivation': 'Agent désactivé',
  'agent.reactivation': 'Agent réactivé',
  'agent.mot_de_passe': 'Mot de passe d’un agent remplacé',
  'agent.courriel': 'Adresse électronique d’un agent',
  'compte.mot_de_passe': 'Mot de passe changé',
  'compte.courriel': 'Adresse électronique changée',
  connexion: 'Connexion',
  'connexion.echec': 'Connexion échouée',
  'connexion.blocage': 'Connexion bloquée',
  'export.inscriptions': 'Export des offres',
  'export.partenaires': 'Export des partenaires',
  'export.etudiants': 'Export des demandes étudiantes',
  'export.journal': 'Export du journal',
  'courriel.renvoi': 'Courriel renvoyé',
} as const;
export type JournalAction = keyof typeof JOURNAL_ACTIONS;
export const journalActionLabel = (code: string) => (JOURNAL_ACTIONS as Record<string, string>)[code] ?? code;

/** What a line is about; the detail pages show the lines of their own entity. */
export const JOURNAL_ENTITES = {
  inscription: 'Offre de logement',
  partenaire: 'Partenaire',
  etudiant: 'Demande étudiante',
  agent: 'Agent',
  role: 'Rôle',
  export: 'Export',
  courriel: 'Courriel',
} as const;
export type JournalEntite = keyof typeof JOURNAL_ENTITES;
const ENTITE_CODES = Object.keys(JOURNAL_ENTITES) as [JournalEntite, ...JournalEntite[]];

/**
 * French names of the fields an « avant » / « après » may hold (any other key shows as it is); a
 * partner's fields by the partner's labels (its `nom` is the partner's name, not a landlord's).
 */
export const JOURNAL_CHAMPS: Record<string, string> = {
  ...INSCRIPTION_LABELS,
  statut: 'Statut',
  motif: 'Motif',
  actif: 'Activé',
  resumeQuotidien: 'Résumé quotidien',
  categorie: 'Catégorie',
  filtre: 'Filtre',
  agents: 'Agents',
  roles: 'Rôles',
  identifiant: 'Identifiant',
  recherche: 'Recherche',
  filtres: 'Filtres',
  tri: 'Tri',
  lignes: 'Lignes exportées',
  resultat: 'Résultat',
  courriel: 'Courriel',
  motifBlocage: 'Motif du blocage',
};
const PARTENAIRE_CHAMPS: Record<string, string> = { ...JOURNAL_CHAMPS, ...PARTENAIRE_LABELS };
export const journalChampLabel = (key: string, entite?: string | null) =>
  (entite === 'partenaire' ? PARTENAIRE_CHAMPS : JOURNAL_CHAMPS)[key] ?? key;

/** A value of « avant » / « après » as staff read it: yes/no, lists joined, empty as a dash. */
export function journalValueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  if (Array.isArray(v)) return v.length ? v.map(journalValueText).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const valuesSchema = z.record(z.string(), z.unknown()).nullable();

export const journalLineSchema = z.object({
  id: z.number().int(),
  date: z.date(),
  agentId: z.number().int().nullable(),
  agent: z.string().nullable(),
  action: z.string(),
  entite: z.string().nullable(),
  entiteId: z.number().int().nullable(),
  resume: z.string().nullable(),
  avant: valuesSchema,
  apres: valuesSchema,
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const JOURNAL_COLUMNS = ['date', 'agent', 'action', 'entite'] as const;
const actionCode = z
  .string()
  .trim()
  .max(40)
  .regex(/^[a-z_.]+$/, { error: 'Action inconnue.' });
export const journalListQuerySchema = listQuerySchema(JOURNAL_COLUMNS, {
  action: actionCode,
  entite: z.enum(ENTITE_CODES, { error: 'Entité inconnue.' }),
  entiteId: z.coerce.number().int().min(1).max(ID_MAX),
  agent: queryText,
  /** From this day (Europe/Paris), inclusive. */
  du: queryDay,
  /** Up to this day (Europe/Paris), inclusive. */
  au: queryDay,
});
export const journalExportQuerySchema = journalListQuerySchema.omit({ page: true, rowsPerPage: true });
export type JournalListFilter = ListFilter<typeof journalListQuerySchema>;
export const journalListSchema = z.object({ count: z.number().int(), journal: z.array(journalLineSchema) });

/** The entities whose detail page shows its « Historique » (all in the `gestion` area). */
export const JOURNAL_HISTORIQUE_ENTITES = ['inscription', 'partenaire', 'etudiant'] as const;
export type JournalHistoriqueEntite = (typeof JOURNAL_HISTORIQUE_ENTITES)[number];
export const journalHistoriqueParamsSchema = z.object({
  entite: z.enum(JOURNAL_HISTORIQUE_ENTITES, { error: 'Entité inconnue.' }),
  id: z.coerce.number().int().min(1).max(ID_MAX),
});
/** The newest lines of one entity, at most this many (a page shows its recent history). */
export const JOURNAL_HISTORIQUE_MAX = 200;
export const journalHistoriqueSchema = z.object({ lignes: z.array(journalLineSchema) });
