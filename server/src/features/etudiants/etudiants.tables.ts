import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../db/columns.ts';
import { storedSearchText } from '../../db/search.ts';
// A foreign key is schema, not a read: tables files may name another feature's table for it.
import { statuts } from '../reference/reference.tables.ts';

/** The admin list searches a stored, lower-cased and unaccented copy of these columns (trigram index). */
const SEARCHED = ['email', 'adresse', 'cp', 'ville', 'ecole'];

/** Student requests for the housing list. */
export const etudiants = pgTable(
  'etudiants',
  {
    id: serial().primaryKey(),
    date: now(),
    email: varchar({ length: 180 }).notNull(),
    adresse: varchar({ length: 255 }).notNull().default(''),
    // Five digits in France; up to ten characters abroad, or none (docs/decisions/formulaires.md).
    cp: varchar({ length: 10 }).notNull(),
    ville: varchar({ length: 100 }).notNull(),
    ecole: varchar({ length: 80 }).notNull(),
    /** ISO 3166-1 alpha-2 code of the current address's country; the spec's requests are French. */
    pays: varchar({ length: 2 }).notNull().default('FR'),
    statutId: smallint('statut_id')
      .notNull()
      .default(1)
      .references(() => statuts.id),
    recherche: text().generatedAlwaysAs(storedSearchText(SEARCHED)),
  },
  (t) => [
    index('etudiants_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
    index('etudiants_date_idx').on(t.date, t.id),
    index('etudiants_statut_idx').on(t.statutId, t.date),
    index('etudiants_email_idx').on(t.email),
    // The duplicate check of a new request: one index probe whether or not the address is pending.
    index('etudiants_en_attente_email_idx').on(sql`lower(${t.email})`).where(sql`${t.statutId} = 1`),
  ],
);
