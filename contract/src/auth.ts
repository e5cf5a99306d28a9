import { z } from 'zod';
import { safeString } from './common.ts';

/** The login form's messages, on the page and in the server's 400 alike. */
export const LOGIN_MESSAGES = {
  identifiant: 'Veuillez saisir votre identifiant.',
  motDePasse: 'Veuillez saisir votre mot de passe.',
} as const;

export const loginBodySchema = z.object({
  username: safeString({ error: LOGIN_MESSAGES.identifiant })
    .trim()
    .min(1, { error: LOGIN_MESSAGES.identifiant })
    .max(100),
  password: z.string({ error: LOGIN_MESSAGES.motDePasse }).min(1, { error: LOGIN_MESSAGES.motDePasse }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  prenom: z.string(),
  nom: z.string(),
  roles: z.array(z.string()),
  /** The password was generated (first administrator): it must be changed before anything else. */
  motDePasseAChanger: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const currentUserSchema = z.object({ logged: z.boolean(), user: sessionUserSchema.nullable() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginSuccessSchema = z.object({
  logged: z.literal(true),
  id: z.number().int(),
  username: z.string(),
  user: sessionUserSchema,
  path: z.string(),
});
export const loginFailureSchema = z.object({ logged: z.literal(false), error: z.string() });

/** Staff passwords: at least this long (ASVS 2.1.1), whatever sets them (CLI, first start, Mon compte). */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;

export const PASSWORD_MESSAGES = {
  tropCourt: `Le mot de passe doit contenir au moins ${STAFF_PASSWORD_MIN} caractères.`,
  tropLong: `Le mot de passe ne doit pas dépasser ${STAFF_PASSWORD_MAX} caractères.`,
  actuelObligatoire: 'Veuillez saisir votre mot de passe actuel.',
  actuelIncorrect: 'Le mot de passe actuel est incorrect.',
  confirmationDifferente: 'Les deux saisies du nouveau mot de passe ne sont pas identiques.',
  identique: 'Le nouveau mot de passe doit être différent de l’actuel.',
  change: 'Votre mot de passe a été changé.',
  aChanger: 'Vous devez choisir un nouveau mot de passe (Mon compte) avant de continuer.',
} as const;

/** Machine-readable reason of the 403 an agent gets while its password must be changed. */
export const MOT_DE_PASSE_A_CHANGER = 'mot_de_passe_a_changer';

/** A new staff password (≥ 12 characters). */
export const staffPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.tropCourt })
  .min(STAFF_PASSWORD_MIN, { error: PASSWORD_MESSAGES.tropCourt })
  .max(STAFF_PASSWORD_MAX, { error: PASSWORD_MESSAGES.tropLong });

/** `POST /api/admin/compte/mot-de-passe` (Mon compte): the current password, then the new one twice. */
export const passwordChangeBodySchema = z
  .object({
    actuel: z
      .string({ error: PASSWORD_MESSAGES.actuelObligatoire })
      .min(1, { error: PASSWORD_MESSAGES.actuelObligatoire })
      .max(STAFF_PASSWORD_MAX),
    nouveau: staffPasswordSchema,
    confirmation: z.string({ error: PASSWORD_MESSAGES.confirmationDifferente }).max(STAFF_PASSWORD_MAX),
  })
  .refine((b) => b.nouveau === b.confirmation, {
    path: ['confirmation'],
    error: PASSWORD_MESSAGES.confirmationDifferente,
  })
  .refine((b) => b.nouveau !== b.actuel, { path: ['nouveau'], error: PASSWORD_MESSAGES.identique });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/**
 * « Mon compte »: the daily digest (issue 18), sent to the agent's e-mail address (`agents.email`,
 * set on « Mon compte » or by `npm run user`). `adresse` null: not possible, `raison` says why
 * (shown beside the disabled box).
 */
export const DIGEST_MESSAGES = {
  active: 'Vous recevrez chaque matin le résumé quotidien.',
  desactive: 'Vous ne recevrez plus le résumé quotidien.',
  sansAdresse: 'Indiquez votre adresse électronique ci-dessus pour pouvoir recevoir le résumé quotidien.',
  sansListe: 'Vos rôles ne donnent accès à aucune des listes que résume le courriel quotidien.',
  adresseEnregistree: 'Votre adresse électronique est enregistrée.',
  adresseSupprimee: 'Votre adresse électronique est supprimée : le résumé quotidien ne vous sera plus envoyé.',
  adresseInvalide: 'Veuillez saisir une adresse électronique valide, par exemple prenom.nom@exemple.fr.',
} as const;
/** An agent's address: trimmed, lower-cased; empty removes it (« Mon compte », `npm run user`). */
export const agentEmail = safeString({ error: DIGEST_MESSAGES.adresseInvalide })
  .trim()
  .toLowerCase()
  .max(254, { error: DIGEST_MESSAGES.adresseInvalide })
  .refine((s) => s === '' || z.email().safeParse(s).success, { error: DIGEST_MESSAGES.adresseInvalide });
export const agentEmailBodySchema = z.object({ email: agentEmail });
export type AgentEmailBody = z.infer<typeof agentEmailBodySchema>;
export const digestChoiceSchema = z.object({
  digestQuotidien: z.boolean(),
  /** The agent's e-mail address, or null when it has none. */
  email: z.string().nullable(),
  /** Where the digest goes, or null when it cannot be sent. */
  adresse: z.string().nullable(),
  raison: z.string().nullable(),
});
export type DigestChoice = z.infer<typeof digestChoiceSchema>;
/** The new address's consequences on the digest, with a sentence for the page. */
export const agentEmailResponseSchema = digestChoiceSchema.extend({ message: z.string() });
export const digestUpdateSchema = z.object({
  digestQuotidien: z.boolean({ error: 'Veuillez cocher ou décocher la case.' }),
});
