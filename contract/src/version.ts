import { z } from 'zod';

/**
 * An offer's or partner's version (decisions §6.1): an opaque string the staff page read with the
 * record and sends back with each action, so that a record changed meanwhile (by its landlord, its
 * partner, another agent or a job) is never decided unseen.
 */
export const versionSchema = z
  .string({ error: 'Version invalide.' })
  .min(1, { error: 'Version invalide.' })
  .max(100, { error: 'Version invalide.' });

/** The body of an action that carries nothing but the version (it may be left out, or the body with it). */
export const versionBodySchema = z.object({ version: versionSchema.optional() }).nullish();

/** The 409's sentence: the record changed since the agent opened it, and nothing was done. */
export const VERSION_MESSAGES = {
  inscription:
    'Cette offre a été modifiée depuis que vous l’avez ouverte (par le propriétaire, un autre agent ou une tâche automatique) : rien n’a été enregistré et aucun courriel n’est parti. Rechargez-la avant de décider.',
  partenaire:
    'Ce partenaire a été modifié depuis que vous l’avez ouvert (par le partenaire, un autre agent ou une tâche automatique) : rien n’a été enregistré et aucun courriel n’est parti. Rechargez-le avant de décider.',
} as const;
