import { pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';

// Reference data (docs/spec/decisions.md §2): other features reference these ids and read the labels through
// reference.repository.ts.
export const statuts = pgTable('statuts', {
  id: smallint().primaryKey(),
  libelle: varchar({ length: 50 }).notNull(),
});
export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  libelle: varchar({ length: 100 }).notNull().unique(),
});
export const filtres = pgTable('filtres', {
  id: smallint().primaryKey(),
  libelle: varchar({ length: 100 }).notNull(),
});
/** General parameters, one row per key (docs/spec/decisions.md §2). */
export const params = pgTable('params', {
  cle: varchar({ length: 50 }).primaryKey(),
  valeur: text().notNull(),
});
