import { EVENEMENTS_INSCRIPTION, type EvenementInscription, type MotifArchivage } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /**
     * Last time the offer was known to be available: validation, or the landlord's « Toujours disponible ».
     * The « still available? » check counts OFFER_CHECK_DAYS from it (issue 17).
     */
    dateConfirmation: timestamp('date_confirmation', { withTimezone: true, mode: 'date' }),
    /** When the pending « still available? » mail went; null once the landlord answers (or none was sent). */
    dateRelance: timestamp('date_relance', { withTimezone: true, mode: 'date' }),
    /** Why an offer left the list (status « Archivé »): see the contract's MOTIFS_ARCHIVAGE; null when staff archived it. */
    motifArchivage: varchar('motif_archivage', { length: 10 }).$type<MotifArchivage>(),
    /** The landlord's own words about it, if any (shown to staff). */
    motifArchivageTexte: varchar('motif_archivage_texte', { length: 500 }),
    /** Changes the landlord proposed to a validated offer, awaiting staff review (like a partner's). */
    tempdata: jsonb().$type<Record<string, unknown>>(),
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
    // « En attente » sorted by name (an agent's click): the page read in order, not the 17 % of the
    // offers that wait sorted first (37–52 ms at 100 000, seconds at a million).
    index('inscriptions_statut_nom_idx').on(t.statutId, t.nom, t.id),
    index('inscriptions_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
    // The daily « still available? » check reads validated offers by their last confirmation.
    index('inscriptions_confirmation_idx').on(t.statutId, t.dateConfirmation),
    // « Doublon possible »: another live offer with the same landlord e-mail, phone or address.
    index('inscriptions_email_idx').on(sql`lower(${t.email})`),
    index('inscriptions_telephone_idx').on(t.telephone),
    index('inscriptions_adresse_idx').on(sql`lower(${t.adresse})`, t.cp),
    check('inscriptions_motif_archivage_check', sql`${t.motifArchivage} in ('loue', 'retiree', 'expiree')`),
  ],
);

/**
 * The searched text again, alone in a narrow table kept by triggers (migration 0019): the exact count
 * of a search rereads every row the trigram index points at, and an offer's row is wide (~18 a block,
 * ~60 here). « martin » (8 333 offers of 100 000): 5 527 blocks and 18–22 ms on PostgreSQL, 1 693
 * blocks and 6 ms here. The page itself still reads the offers' own column, along the sort's index.
 */
export const inscriptionsRecherche = pgTable(
  'inscriptions_recherche',
  {
    id: integer()
      .primaryKey()
      .references(() => inscriptions.id, { onDelete: 'cascade' }),
    recherche: text().notNull(),
  },
  (t) => [index('inscriptions_recherche_copie_trgm').using('gin', t.recherche.op('gin_trgm_ops'))],
);

/**
 * The landlord's personal links (`/logement/<token>`): only the token's SHA-256 is kept. Each mail
 * to the landlord carries a fresh one; earlier ones keep working until they expire (180 days),
 * so an older mail's link still opens the page.
 */
export const inscriptionLiens = pgTable(
  'inscription_liens',
  {
    id: serial().primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: now(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('inscription_liens_inscription_idx').on(t.inscriptionId),
    index('inscription_liens_expire_idx').on(t.expiresAt),
  ],
);

/** What happened to an offer (the kinds live in the contract: the staff page shows them). */
export type { EvenementInscription };
export const inscriptionEvenements = pgTable(
  'inscription_evenements',
  {
    id: serial().primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id, { onDelete: 'cascade' }),
    date: now(),
    type: varchar({ length: 30 }).$type<EvenementInscription>().notNull(),
    /** A refusal's reason, the landlord's words, the fields changed…: plain French text, or null. */
    detail: varchar({ length: 1000 }),
  },
  (t) => [
    index('inscription_evenements_inscription_idx').on(t.inscriptionId, t.date),
    // The dashboard counts confirmations and expiries per week.
    index('inscription_evenements_type_idx').on(t.type, t.date),
    check(
      'inscription_evenements_type_check',
      sql.raw(`type in (${EVENEMENTS_INSCRIPTION.map((e) => `'${e}'`).join(', ')})`),
    ),
  ],
);
