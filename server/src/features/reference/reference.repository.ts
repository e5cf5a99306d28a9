import type { Categorie, Filtre, Params, Statut } from '@guichet/contract';
import { asc, type Column, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { STATUTS } from '../../db/seed.ts';
import { parisDay } from '../../platform/daily-jobs.ts';
import { categories, filtres, params, statuts } from './reference.tables.ts';

/** Lower case without accents, as the database's immutable_unaccent(lower(…)). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The status ids whose label contains the searched text. Status labels are fixed reference data
 * (docs/spec/decisions.md §2): matching them here gives the lists a plain `statut_id in (…)`, or nothing,
 * and leaves their trigram index usable.
 */
export const statutIdsMatching = (term: string) =>
  STATUTS.filter((st) => fold(st.libelle).includes(fold(term))).map((st) => st.id);

/** A status's label (fixed reference data): what the journal records, readable without a join. */
export const statutLibelle = (id: number) => STATUTS.find((st) => st.id === id)?.libelle ?? String(id);

/** The category ids whose label contains the searched text, matched like the status labels. */
export async function categorieIdsMatching(db: DbOrTx, term: string): Promise<number[]> {
  const all = await db.select({ id: categories.id, libelle: categories.libelle }).from(categories);
  return all.filter((c) => fold(c.libelle).includes(fold(term))).map((c) => c.id);
}

/**
 * The academic year starts in September, in Paris whatever the server's time zone: November 2026
 * belongs to 2026-2027.
 */
export function academicYear(d = new Date()): number {
  const [year, month] = parisDay(d).split('-').map(Number);
  return month >= 9 ? year : year - 1;
}

/**
 * The labels other features show beside their rows: each label's column and the join that brings
 * it, so a list still reads its labels in the same query while the reference tables stay this
 * feature's. A status is required (inner join); a category or a filter may be missing (left join:
 * the label is null).
 */
export const referenceLabels = {
  statut: {
    libelle: statuts.libelle,
    join: <Q extends PgSelect>(query: Q, statutId: Column) => query.innerJoin(statuts, eq(statuts.id, statutId)),
  },
  categorie: {
    libelle: categories.libelle,
    join: <Q extends PgSelect>(query: Q, categorieId: Column) =>
      query.leftJoin(categories, eq(categories.id, categorieId)),
  },
  filtre: {
    libelle: filtres.libelle,
    join: <Q extends PgSelect>(query: Q, filtreId: Column) => query.leftJoin(filtres, eq(filtres.id, filtreId)),
  },
};

export const referenceRepository = {
  async params(db: DbOrTx): Promise<Params> {
    const rows = await db.select().from(params);
    const v = Object.fromEntries(rows.map((r) => [r.cle, r.valeur]));
    return {
      nomSite: v.nomSite ?? '',
      annee: academicYear(),
      emailContact: v.emailContact ?? '',
      telephoneContact: v.telephoneContact ?? '',
      adresseContact: v.adresseContact ?? '',
    };
  },
  statuts: (db: DbOrTx): Promise<Statut[]> => db.select().from(statuts).orderBy(asc(statuts.id)),
  categories: (db: DbOrTx): Promise<Categorie[]> => db.select().from(categories).orderBy(asc(categories.libelle)),
  async filtres(db: DbOrTx): Promise<Filtre[]> {
    const rows = await db.select().from(filtres).orderBy(asc(filtres.id));
    return rows.map((r) => ({ ...r, tag: r.libelle }));
  },
  async categorieExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    return !!row;
  },
  async filtreExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: filtres.id }).from(filtres).where(eq(filtres.id, id));
    return !!row;
  },
};
