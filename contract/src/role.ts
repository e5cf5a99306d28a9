import { z } from 'zod';
import { idParam, idSchema, safeString } from './common.ts';
import { type ListFilter, listQuerySchema, queryText } from './list.ts';
import type { RoleCode } from './reference.ts';

/** Roles list (docs/spec/portal-spec.md §2 Roles list, §7): sortable by label only, filter on the label. */
export const ROLE_LIST_COLUMNS = ['libelle'] as const;
export const roleListQuerySchema = listQuerySchema(ROLE_LIST_COLUMNS, { libelle: queryText });
export type RoleListQuery = z.input<typeof roleListQuerySchema>;
export type RoleListFilter = ListFilter<typeof roleListQuerySchema>;

/** `code` (ROLE_ADMIN…) lets the screen apply the rules below without guessing from the label. */
export const roleListItemSchema = z.object({ id: z.number().int(), code: z.string(), libelle: z.string() });
export type RoleListItem = z.infer<typeof roleListItemSchema>;
export const roleListResponseSchema = z.object({ count: z.number().int(), roles: z.array(roleListItemSchema) });
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

/** An agent as the roles screen shows it (docs/spec/portal-spec.md §3 Agent search result). */
export const agentSummarySchema = z.object({
  id: z.number().int(),
  prenom: z.string(),
  nom: z.string(),
  /** An image address on this site; null: the screen shows initials. */
  photo: z.string().nullable(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  agents: z.array(agentSummarySchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleIdParamsSchema = z.object({ id: idParam('Identifiant de rôle invalide.') });

/** `PUT /api/admin/role/update/{id}`: the role's complete list of agents (it replaces the previous one). */
export const roleUpdateBodySchema = z.object({
  agents: z
    .array(idSchema('Identifiant d’agent invalide.'), {
      error: 'La liste des agents est obligatoire.',
    })
    .max(1000, { error: 'Trop d’agents pour un seul rôle.' }),
});
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;

/** Agent autocomplete: at most this many suggestions per search. */
export const AGENT_SEARCH_LIMIT = 20;
export const agentSearchQuerySchema = z.object({
  name: safeString({ error: 'Le nom recherché doit être un texte.' })
    .trim()
    .max(100, { error: 'Recherche trop longue (100 caractères au plus).' })
    .optional()
    .default(''),
});
export const agentSearchResponseSchema = z.array(agentSummarySchema);

export const ROLE_MESSAGES = {
  roleIntrouvable: 'Rôle introuvable.',
  dernierAdministrateur: (libelle: string) =>
    `Le rôle « ${libelle} » doit garder au moins un agent actif : ajoutez-en un autre avant de retirer le dernier.`,
  agentsInconnus: (ids: number[]) =>
    ids.length === 1
      ? `L’agent n° ${ids[0]} est inconnu ou désactivé.`
      : `Les agents n° ${ids.join(', ')} sont inconnus ou désactivés.`,
  enregistre: (libelle: string) => `Les agents du rôle « ${libelle} » ont été enregistrés.`,
  reserveAdministrateur: (libelle: string) => `Seul un administrateur peut modifier les agents du rôle « ${libelle} ».`,
  pasPourSoi:
    'Vous ne pouvez pas vous attribuer un rôle vous-même : demandez-le à un administrateur ou à une autre personne ' +
    'chargée de la gestion des rôles.',
} as const;

/**
 * Who may change whose roles (issue 14), applied by the server and shown by the roles screen.
 * An administrator changes every role, its own included. Anyone else (a role manager) changes
 * the other roles but not `ROLE_ADMIN`, and never adds itself to a role: that would let one
 * person grant itself access to the personal data the `Agent` role opens. Leaving a role is
 * always allowed (it grants nothing).
 */
export const ROLE_RULES = {
  canEditRole: (actorRoles: readonly string[], roleCode: string) =>
    roleCode !== ('ROLE_ADMIN' satisfies RoleCode) || actorRoles.includes('ROLE_ADMIN'),
  canAddSelf: (actorRoles: readonly string[]) => actorRoles.includes('ROLE_ADMIN' satisfies RoleCode),
} as const;
