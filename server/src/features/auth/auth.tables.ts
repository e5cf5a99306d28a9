import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../db/columns.ts';

// Staff accounts, their roles and their sessions: what every staff request checks. The auth feature
// owns them; the roles feature (the staff screen over memberships) works through auth's repositories,
// and platform/auth.ts keeps only the cookie and the guard, handed this feature's session store.
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
  /** Where the digest goes; set on « Mon compte » or by `npm run user`. Null: no mail to this agent. */
  email: varchar({ length: 254 }),
  /** Chosen on « Mon compte »: a daily mail of new, ageing and failed items (the digest job). */
  digestQuotidien: boolean('digest_quotidien').notNull().default(false),
  /** Until when the agent has seen the new submissions: the app bar counts those that came after. */
  notificationsVuesLe: timestamp('notifications_vues_le', { withTimezone: true, mode: 'date' }),
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
