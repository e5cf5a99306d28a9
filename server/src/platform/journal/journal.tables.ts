import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The history of every staff action (and of logins): one row per write, inserted in the transaction
 * of the change it describes, never updated. The agent's name is copied so that the line still reads
 * right after the account is renamed or deleted (no foreign key for the same reason).
 */
export const journal = pgTable(
  'journal',
  {
    id: serial().primaryKey(),
    date: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    agentId: integer('agent_id'),
    /** « Prénom Nom (identifiant) » at the time of the action; the typed username for a failed login. */
    agent: varchar({ length: 250 }),
    action: varchar({ length: 40 }).notNull(),
    /** What the action is about: 'inscription', 'partenaire', 'etudiant', 'agent', 'export'… */
    entite: varchar({ length: 20 }),
    entiteId: integer('entite_id'),
    resume: varchar({ length: 500 }),
    avant: jsonb().$type<Record<string, unknown>>(),
    apres: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('journal_date_idx').on(t.date, t.id),
    index('journal_entite_idx').on(t.entite, t.entiteId, t.date),
    index('journal_action_idx').on(t.action, t.date),
    index('journal_agent_idx').on(t.agentId, t.date),
  ],
);
