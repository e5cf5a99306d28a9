import type { PartenaireType } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { now } from '../../db/columns.ts';
import { storedSearchText } from '../../db/search.ts';
// Foreign keys are schema, not reads: tables files may name another feature's table for them.
import { categories, filtres, statuts } from '../reference/reference.tables.ts';

/** The admin list searches a stored, lower-cased and unaccented copy of these columns (trigram index). */
const SEARCHED = ['nom', 'lien'];

export const partenaires = pgTable(
  'partenaires',
  {
    id: serial().primaryKey(),
    date: now(),
    dateLastUpdate: timestamp('date_last_update', { withTimezone: true, mode: 'date' }),
    typePartenaire: varchar('type_partenaire', { length: 20 }).$type<PartenaireType>().notNull().default('guichet'),
    nom: varchar({ length: 150 }).notNull(),
    lien: varchar({ length: 500 }).notNull(),
    lienOffres: varchar('lien_offres', { length: 500 }).notNull(),
    presentation: varchar({ length: 255 }).notNull(),
    logo: varchar({ length: 80 }).notNull(),
    nomComplet: varchar('nom_complet', { length: 255 }).notNull(),
    adresse: varchar({ length: 255 }).notNull(),
    cp: varchar({ length: 5 }).notNull(),
    ville: varchar({ length: 100 }).notNull(),
    telephone: varchar({ length: 10 }).notNull(),
    mail: varchar({ length: 180 }).notNull(),
    civiliteR: varchar('civilite_r', { length: 10 }).notNull(),
    nomR: varchar('nom_r', { length: 100 }).notNull(),
    prenomR: varchar('prenom_r', { length: 100 }).notNull(),
    fonctionR: varchar('fonction_r', { length: 150 }).notNull(),
    telephoneR: varchar('telephone_r', { length: 10 }).notNull(),
    mailR: varchar('mail_r', { length: 180 }).notNull(),
    statutId: smallint('statut_id')
      .notNull()
      .default(1)
      .references(() => statuts.id),
    categorieId: integer('categorie_id').references(() => categories.id),
    filtreId: smallint('filtre_id').references(() => filtres.id),
    actif: boolean().notNull().default(false),
    /** SHA-256 of the renewal token mailed to the partner; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    tokenSentAt: timestamp('token_sent_at', { withTimezone: true, mode: 'date' }),
    tempdata: jsonb().$type<Record<string, unknown>>(),
    /** The partner's answer to the last renewal mail: 'confirme' (unchanged) or 'modifie' (changes proposed). */
    renouvellementReponse: varchar('renouvellement_reponse', { length: 10 }).$type<'confirme' | 'modifie'>(),
    renouvellementReponduLe: timestamp('renouvellement_repondu_le', { withTimezone: true, mode: 'date' }),
    recherche: text().generatedAlwaysAs(storedSearchText(SEARCHED)),
  },
  (t) => [
    index('partenaires_date_idx').on(t.date, t.id),
    // Staff sort by name (often on the active ones): the page read along it, not 50 000 partners sorted.
    index('partenaires_nom_id_idx').on(t.nom, t.id),
    index('partenaires_public_idx').on(t.statutId, t.actif, t.categorieId),
    index('partenaires_categorie_idx').on(t.categorieId),
    index('partenaires_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
    // « Doublon possible »: a registration with an existing partner's name or e-mail.
    index('partenaires_nom_idx').on(sql`lower(${t.nom})`),
    index('partenaires_mail_idx').on(sql`lower(${t.mail})`),
  ],
);
