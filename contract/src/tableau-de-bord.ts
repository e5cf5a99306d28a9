import { z } from 'zod';

/**
 * The staff dashboard « Tableau de bord » (issue 18): what waits, since when, and how the office's
 * flows went week by week. Every figure is an aggregate computed by the database.
 */

/** How many items of one kind wait, the oldest one's age and how many wait longer than AGEING_DAYS. */
export const attenteSchema = z.object({
  total: z.number().int(),
  /** Whole days since the oldest waiting item came in; null when nothing waits. */
  plusAncienJours: z.number().int().nullable(),
  /** Items waiting more than AGEING_DAYS days. */
  enRetard: z.number().int(),
});
export type Attente = z.infer<typeof attenteSchema>;

/** One week (Monday, Europe/Paris) of the charts; a week without anything counts zeros. */
export const semaineSchema = z.object({
  /** The week's Monday, `YYYY-MM-DD` in Europe/Paris. */
  semaine: z.string(),
  inscriptions: z.number().int(),
  partenaires: z.number().int(),
  etudiants: z.number().int(),
  courrielsEnvoyes: z.number().int(),
  courrielsEchoues: z.number().int(),
  offresConfirmees: z.number().int(),
  offresExpirees: z.number().int(),
});
export type Semaine = z.infer<typeof semaineSchema>;

/** Weeks shown by the charts: the current one and the 52 before it (twelve months). */
export const SEMAINES_TABLEAU_DE_BORD = 53;

/** A mail still waiting this many minutes after it was queued is late: normally it leaves in seconds. */
export const COURRIELS_RETARD_MINUTES = 15;
/** Mails given up, and the last error, over this many days. */
export const COURRIELS_ECHEC_JOURS = 7;

/** Whether mail goes out: waiting, waiting too long, given up lately, and the last error in French. */
export const courrielsEtatSchema = z.object({
  /** Mails queued and not sent yet (retries included). */
  enAttente: z.number().int(),
  /** Among them, those queued more than COURRIELS_RETARD_MINUTES ago. */
  enRetard: z.number().int(),
  retardMinutes: z.number().int(),
  /** Mails given up (no retry left) over the last COURRIELS_ECHEC_JOURS days. */
  enEchec: z.number().int(),
  echecJours: z.number().int(),
  /** The last error of a mail not delivered (never a server path or the raw text); null: none lately. */
  derniereErreur: z.object({ date: z.date(), erreur: z.string() }).nullable(),
});
export type CourrielsEtat = z.infer<typeof courrielsEtatSchema>;

export const tableauDeBordSchema = z.object({
  /** AGEING_DAYS: beyond it an item waiting is counted as late and flagged in its list. */
  ageingDays: z.number().int(),
  attente: z.object({
    /** Housing offers « En attente ». */
    inscriptions: attenteSchema,
    /** Partner registrations « En attente ». */
    partenaires: attenteSchema,
    /** Changes proposed by partners, awaiting review. */
    modificationsPartenaires: attenteSchema,
    /** Student requests « En attente ». */
    etudiants: attenteSchema,
  }),
  semaines: z.array(semaineSchema),
  courriels: courrielsEtatSchema,
});
export type TableauDeBord = z.infer<typeof tableauDeBordSchema>;

/**
 * The app bar's bell: items still waiting that came in after the agent last looked (opening the
 * bell's menu). `ageingDays` is there for the lists' « En attente depuis N jours » flags.
 */
export const notificationsSchema = z.object({
  ageingDays: z.number().int(),
  /** When the agent last opened the bell's menu; null: never (then counted since the account's creation). */
  depuis: z.date().nullable(),
  total: z.number().int(),
  inscriptions: z.number().int(),
  /** Partner registrations and proposed changes. */
  partenaires: z.number().int(),
  etudiants: z.number().int(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** The lists' filter « En attente depuis plus de N jours »: N, in days. */
export const queryAttente = z.coerce
  .number({ error: 'Nombre de jours invalide.' })
  .int({ error: 'Nombre de jours invalide.' })
  .min(1, { error: 'Nombre de jours invalide.' })
  .max(365, { error: 'Nombre de jours invalide.' });

/** The chip of a waiting row older than the threshold. */
export const enAttenteDepuisLabel = (jours: number) => `En attente depuis ${jours} jour${jours > 1 ? 's' : ''}`;
/** The lists' filter option. */
export const attenteFilterLabel = (jours: number) => `En attente depuis plus de ${jours} jour${jours > 1 ? 's' : ''}`;
