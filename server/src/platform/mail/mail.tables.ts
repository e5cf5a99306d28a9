import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bytea, now } from '../../db/columns.ts';

// Outbound mail: the platform's mail module owns these tables; features queue mail through it.

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
    /** When the last attempt began (claimed): the dashboard dates the last error with it. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: now(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** What the mail is (receipt, decision, housing list, renewal…), for the staff mail log. */
    kind: varchar({ length: 40 }),
    /** The row it is about ('etudiant', 'partenaire', 'inscription', 'agent'), to show a failure there. */
    entite: varchar({ length: 20 }),
    entiteId: integer('entite_id'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_date_idx').on(t.createdAt, t.id),
    index('mail_outbox_entite_idx').on(t.entite, t.entiteId),
    // The dashboard's weekly charts: sent mails by the moment they left, failed ones by when queued
    // (without them, a sequential scan of the whole outbox: 450 ms at a million mails).
    index('mail_outbox_envoyes_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
    index('mail_outbox_echecs_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
