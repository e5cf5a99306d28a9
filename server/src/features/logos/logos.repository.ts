import { and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partenairesRepository } from '../partenaires/partenaires.repository.ts';
import type { LogoImage } from './logo-image.ts';
import { logos } from './logos.tables.ts';

/**
 * A logo nobody refers to is kept this long: the time to finish filling in a form after uploading
 * (a few minutes; two hours leave room for an interruption). Shorter keeps anonymous uploads small.
 */
export const ORPHAN_LOGO_MS = 2 * 60 * 60 * 1000;

/** No partner and no pending proposal uses the logo of the row being looked at (partners know their logos). */
const unused = (db: DbOrTx) => not(partenairesRepository.usesLogo(db, logos.name));

/** Logos are rows (docs/spec/decisions.md §4): every server process serves every logo, a backup holds them. */
export const logosRepository = {
  async add(db: DbOrTx, logo: LogoImage): Promise<void> {
    await db.insert(logos).values({ name: logo.name, contentType: logo.contentType, data: logo.data });
  },

  async find(db: DbOrTx, name: string) {
    const [row] = await db
      .select({ contentType: logos.contentType, data: logos.data })
      .from(logos)
      .where(eq(logos.name, name));
    return row;
  },

  async exists(db: DbOrTx, name: string): Promise<boolean> {
    const [row] = await db.select({ name: logos.name }).from(logos).where(eq(logos.name, name));
    return !!row;
  },

  /** Bytes held by logos that no partner and no pending proposal uses (uploads not yet used). */
  async orphanBytes(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ bytes: sql<string>`coalesce(sum(octet_length(${logos.data})), 0)` })
      .from(logos)
      .where(unused(db));
    return Number(row?.bytes ?? 0);
  },

  /**
   * Deletes logos older than ORPHAN_LOGO_MS that no partner and no pending proposal uses: abandoned
   * forms, replaced logos and refused proposals. Returns how many went.
   */
  async deleteOrphans(db: DbOrTx, now = new Date()): Promise<number> {
    const deleted = await db
      .delete(logos)
      .where(and(lt(logos.createdAt, new Date(now.getTime() - ORPHAN_LOGO_MS)), unused(db)))
      .returning({ name: logos.name });
    return deleted.length;
  },

  /** Deletes those of these logos that no partner and no pending proposal uses any more. */
  async deleteUnused(db: DbOrTx, names: string[]): Promise<number> {
    if (names.length === 0) return 0;
    const deleted = await db
      .delete(logos)
      .where(and(inArray(logos.name, names), unused(db)))
      .returning({ name: logos.name });
    return deleted.length;
  },
};
