import { boolean, index, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../db/columns.ts';
import { storedSearchText } from '../../db/search.ts';
// A foreign key is schema, not a read: tables files may name another feature's table for it.
import { statuts } from '../reference/reference.tables.ts';

/**
 * The admin list searches a stored, already lower-cased and unaccented copy of these columns, with
 * a trigram index: a "contains" search then reads the index and compares plain text, instead of
 * unaccenting every candidate row again.
 */
const SEARCHED = ['nom', 'prenom', 'telephone', 'email', 'adresse', 'cp', 'ville'];

/** Landlord housing offers. */
export const inscriptions = pgTable(
  'inscriptions',
  {
    id: serial().primaryKey(),
    date: now(),
    statutId: smallint('statut_id')
      .notNull()
      .default(1)
      .references(() => statuts.id),
    /** Last time staff set the offer to « Validé »: the date the housing list prints as its confirmation. */
    dateValidation: timestamp('date_validation', { withTimezone: true, mode: 'date' }),
    // proprietaire
    nom: varchar({ length: 100 }).notNull(),
    prenom: varchar({ length: 100 }).notNull(),
    telephone: varchar({ length: 10 }).notNull(),
    email: varchar({ length: 180 }).notNull(),
    adresse: varchar({ length: 255 }).notNull(),
    cp: varchar({ length: 5 }).notNull(),
    ville: varchar({ length: 100 }).notNull(),
    // logement
    proximite: varchar({ length: 120 }).notNull(),
    type: varchar({ length: 30 }).notNull(),
    colocation: varchar({ length: 3 }).notNull(),
    immeuble: varchar({ length: 3 }).notNull(),
    etage: varchar({ length: 30 }),
    surface: varchar({ length: 40 }).notNull(),
    chauffage: varchar({ length: 40 }).notNull(),
    loyer: varchar({ length: 40 }).notNull(),
    charges: numeric({ precision: 8, scale: 2 }).notNull(),
    equipement: varchar({ length: 40 }).notNull(),
    infoLogement: varchar('info_logement', { length: 60 }).notNull(),
    ascenceur: boolean().notNull(),
    parking: varchar({ length: 3 }).notNull(),
    typeParking: varchar('type_parking', { length: 20 }),
    localVelo: boolean('local_velo').notNull(),
    caf: varchar({ length: 3 }).notNull(),
    recherche: text().generatedAlwaysAs(storedSearchText(SEARCHED)),
  },
  (t) => [
    index('inscriptions_date_idx').on(t.date, t.id),
    index('inscriptions_statut_idx').on(t.statutId, t.date),
    index('inscriptions_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
  ],
);
