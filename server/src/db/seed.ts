import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { categories, filtres, params, roles, statuts } from './schema.ts';

/** Reference data of docs/spec/decisions.md §2. Safe to run at every start. */
export const STATUTS = [
  { id: 1, libelle: 'En attente' },
  { id: 2, libelle: 'Validé' },
  { id: 3, libelle: 'Refusé' },
  { id: 4, libelle: 'Archivé' },
];
export const FILTRES = [
  'Se loger',
  'Se déplacer',
  'Se soigner',
  'Se restaurer',
  'Se cultiver et sortir',
  'Faire du sport',
  'Gérer son budget',
  'Trouver un job ou un stage',
  "S'engager",
  "S'informer et s'orienter",
].map((libelle, i) => ({ id: i + 1, libelle }));
/** Categories are editable data: seeded once, never overwritten. */
export const CATEGORIES = [
  'Logement',
  'Transports et mobilité',
  'Santé et social',
  'Culture et loisirs',
  'Sport',
  'Restauration',
  'Banques et assurances',
  'Emploi et orientation',
  'Vie associative',
  'Services publics',
];
export const ROLE_LABELS = [
  { code: 'ROLE_ADMIN', libelle: 'Administrateur' },
  { code: 'ROLE_USER', libelle: 'Agent' },
  { code: 'ROLE_ADMIN_ROLE', libelle: 'Gestion des rôles' },
];
export const DEFAULT_PARAMS = {
  nomSite: 'Guichet numérique étudiant',
  emailContact: 'contact@guichet-etudiant.fr',
  telephoneContact: '03 25 00 00 00',
  adresseContact: '1 place de la Libération, 10000 TROYES',
};

export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(statuts)
    .values(STATUTS)
    .onConflictDoUpdate({ target: statuts.id, set: { libelle: sql`excluded.libelle` } });
  await db
    .insert(filtres)
    .values(FILTRES)
    .onConflictDoUpdate({ target: filtres.id, set: { libelle: sql`excluded.libelle` } });
  await db
    .insert(roles)
    .values(ROLE_LABELS)
    .onConflictDoUpdate({ target: roles.code, set: { libelle: sql`excluded.libelle` } });
  await db
    .insert(params)
    .values(Object.entries(DEFAULT_PARAMS).map(([cle, valeur]) => ({ cle, valeur })))
    .onConflictDoNothing();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  if (n === 0) await db.insert(categories).values(CATEGORIES.map((libelle) => ({ libelle })));
}
