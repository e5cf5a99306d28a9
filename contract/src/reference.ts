import { z } from 'zod';

/** Status ids are fixed (docs/spec/decisions.md §2). */
export const STATUT = { enAttente: 1, valide: 2, refuse: 3, archive: 4 } as const;
export type StatutId = (typeof STATUT)[keyof typeof STATUT];
export const STATUT_IDS: readonly StatutId[] = Object.values(STATUT);
/** One of the four statuses (a type guard, for a number read from a form or a query). */
export const isStatutId = (n: number): n is StatutId => (STATUT_IDS as readonly number[]).includes(n);

export const ROLES = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_ADMIN_ROLE'] as const;
export type RoleCode = (typeof ROLES)[number];

/** Who may use which admin area (docs/spec/portal-spec.md §6, docs/spec/decisions.md §4). */
export const ACCESS = {
  gestion: ['ROLE_ADMIN', 'ROLE_USER'],
  roles: ['ROLE_ADMIN', 'ROLE_ADMIN_ROLE'],
  /** The office head's screens (issue 18): journal, mail log. */
  administration: ['ROLE_ADMIN'],
} as const satisfies Record<string, readonly RoleCode[]>;

export const canAccess = (roles: readonly string[], area: keyof typeof ACCESS) =>
  ACCESS[area].some((r) => roles.includes(r));

export const statutSchema = z.object({ id: z.number().int(), libelle: z.string() });
export type Statut = z.infer<typeof statutSchema>;
export const categorieSchema = z.object({ id: z.number().int(), libelle: z.string() });
export type Categorie = z.infer<typeof categorieSchema>;
export const filtreSchema = z.object({ id: z.number().int(), libelle: z.string(), tag: z.string() });
export type Filtre = z.infer<typeof filtreSchema>;

export const paramsSchema = z.object({
  nomSite: z.string(),
  annee: z.number().int(),
  emailContact: z.string(),
  telephoneContact: z.string(),
  adresseContact: z.string(),
});
export type Params = z.infer<typeof paramsSchema>;

/** Defined with the partner form's values, free of zod (partenaire-form.ts). */
export { PARTENAIRE_TYPES, type PartenaireType } from './partenaire-form.ts';
