import { z } from 'zod';
import { safeString } from './common.ts';

export const loginBodySchema = z.object({
  username: safeString({ error: 'Identifiant obligatoire.' })
    .trim()
    .min(1, { error: 'Identifiant obligatoire.' })
    .max(100),
  password: z.string({ error: 'Mot de passe obligatoire.' }).min(1, { error: 'Mot de passe obligatoire.' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  prenom: z.string(),
  nom: z.string(),
  roles: z.array(z.string()),
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
