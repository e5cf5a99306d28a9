import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { storedSearchText } from './search.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * The admin lists search a stored, already lower-cased and unaccented copy of their text
 * columns, with a trigram index: a "contains" search then reads the index
 * and compares plain text, instead of unaccenting every candidate row again.
 */
const INSCRIPTION_SEARCHED = ['nom', 'prenom', 'telephone', 'email', 'adresse', 'cp', 'ville'];
const ETUDIANT_SEARCHED = ['email', 'adresse', 'cp', 'ville', 'ecole'];
const PARTENAIRE_SEARCHED = ['nom', 'lien'];

// ── Reference data ────────────────────────────────────────────────────────────
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
/** General parameters, one row per key (decisions §2). */
export const params = pgTable('params', {
  cle: varchar({ length: 50 }).primaryKey(),
  valeur: text().notNull(),
});

// ── Staff ─────────────────────────────────────────────────────────────────────
export const agents = pgTable('agents', {
  id: serial().primaryKey(),
  username: varchar({ length: 100 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  prenom: varchar({ length: 100 }).notNull(),
  nom: varchar({ length: 100 }).notNull(),
  photo: text(),
  actif: boolean().notNull().default(true),
  /** A generated password (first administrator): every staff call but Mon compte answers 403 until changed. */
  motDePasseAChanger: boolean('mot_de_passe_a_changer').notNull().default(false),
  createdAt: now(),
});
export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  code: varchar({ length: 50 }).notNull().unique(),
  libelle: varchar({ length: 100 }).notNull(),
});
export const agentRoles = pgTable(
  'agent_roles',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.roleId] }), index('agent_roles_role_idx').on(t.roleId)],
);
/** Sessions are rows: any server process can serve any request. The id is a SHA-256 of the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar({ length: 64 }).primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: now(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_agent_idx').on(t.agentId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);
/**
 * Rate-limit counters shared by every server process (login attempts, public forms): one row per
 * bucket (what is limited and for whom) and fixed window, bumped by one atomic upsert. A row is
 * useless once `expires_at` (two windows after its start) has passed, and purged.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: varchar({ length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
/**
 * Days on which a scheduled job has run, whichever process ran it: the job inserts its (job, day)
 * row in its own transaction, so a second process, or a second run that day, finds it and does nothing.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar({ length: 40 }).notNull(),
    /** The date the run was for (Europe/Paris). */
    day: date({ mode: 'string' }).notNull(),
    ranAt: now(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

// ── Landlord housing offers ───────────────────────────────────────────────────
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
    recherche: text().generatedAlwaysAs(storedSearchText(INSCRIPTION_SEARCHED)),
  },
  (t) => [
    index('inscriptions_date_idx').on(t.date, t.id),
    index('inscriptions_statut_idx').on(t.statutId, t.date),
    index('inscriptions_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
  ],
);

// ── Partners ──────────────────────────────────────────────────────────────────
export const partenaires = pgTable(
  'partenaires',
  {
    id: serial().primaryKey(),
    date: now(),
    dateLastUpdate: timestamp('date_last_update', { withTimezone: true, mode: 'date' }),
    typePartenaire: varchar('type_partenaire', { length: 20 }).notNull().default('guichet'),
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
    recherche: text().generatedAlwaysAs(storedSearchText(PARTENAIRE_SEARCHED)),
  },
  (t) => [
    index('partenaires_date_idx').on(t.date, t.id),
    index('partenaires_public_idx').on(t.statutId, t.actif, t.categorieId),
    index('partenaires_categorie_idx').on(t.categorieId),
    index('partenaires_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
  ],
);

/** Logos live in the database: every server process sees them, a backup holds them. */
export const logos = pgTable('logos', {
  name: varchar({ length: 80 }).primaryKey(),
  contentType: varchar('content_type', { length: 30 }).notNull(),
  data: bytea().notNull(),
  createdAt: now(),
});

// ── Student requests ──────────────────────────────────────────────────────────
export const etudiants = pgTable(
  'etudiants',
  {
    id: serial().primaryKey(),
    date: now(),
    email: varchar({ length: 180 }).notNull(),
    adresse: varchar({ length: 255 }).notNull().default(''),
    cp: varchar({ length: 5 }).notNull(),
    ville: varchar({ length: 100 }).notNull(),
    ecole: varchar({ length: 80 }).notNull(),
    statutId: smallint('statut_id')
      .notNull()
      .default(1)
      .references(() => statuts.id),
    recherche: text().generatedAlwaysAs(storedSearchText(ETUDIANT_SEARCHED)),
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

// ── Outbound mail ─────────────────────────────────────────────────────────────
/** Attachment bodies, stored once and shared by every mail that carries them. */
export const mailAttachments = pgTable('mail_attachments', {
  id: serial().primaryKey(),
  sha256: varchar({ length: 64 }).notNull().unique(),
  content: bytea().notNull(),
  createdAt: now(),
});
export type OutboxAttachment = { filename: string; contentType: string; attachmentId: number };
/** The outbox: a mail is a row written in the transaction of the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    messageId: varchar('message_id', { length: 200 }).notNull().unique(),
    to: varchar({ length: 500 }).notNull(),
    subject: varchar({ length: 300 }).notNull(),
    text: text().notNull(),
    html: text().notNull(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    /** Links carrying a token, until sent: then blanked from text and html, and this emptied. */
    personalLinks: jsonb('personal_links').$type<string[]>().notNull().default([]),
    status: varchar({ length: 10 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: now(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
