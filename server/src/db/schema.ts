/**
 * Every table, for drizzle-kit (migrations), the database client's type, backups and tests. Each
 * table is defined beside the feature that owns it (features/<name>/<name>.tables.ts) or the
 * platform module that alone reads it; features and platform never import this file (biome.json):
 * a feature reads another feature's rows through that feature's repository.
 */
export * from '../features/auth/auth.tables.ts';
export * from '../features/etudiants/etudiants.tables.ts';
export * from '../features/inscriptions/inscriptions.tables.ts';
export * from '../features/logos/logos.tables.ts';
export * from '../features/partenaires/partenaires.tables.ts';
export * from '../features/reference/reference.tables.ts';
export * from '../platform/daily-jobs.tables.ts';
export * from '../platform/journal/journal.tables.ts';
export * from '../platform/mail/mail.tables.ts';
export * from '../platform/rate-limit.tables.ts';
export * from '../platform/row-counts.tables.ts';
