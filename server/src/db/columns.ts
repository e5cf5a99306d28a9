import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the tables of every feature and of the platform. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
/** A creation time, set by the database. */
export const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
