import { PARTENAIRE_MESSAGES as M } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { LogoImage } from './logo-image.ts';
import { logosRepository } from './logos.repository.ts';

/**
 * Anonymous logo uploads must not fill the database (ASVS 12.1.3): a logo is an orphan until a
 * registration or a proposal uses it, and orphans are bounded twice.
 * - Per address: at most `perAddressBytes` uploaded in 24 hours (429). Counted in this process:
 *   several processes each allow that much, which the second bound caps whatever their number.
 * - In total: at most `totalOrphanBytes` of orphans in the database (503), checked and inserted
 *   under one database lock, so parallel uploads on any process cannot overshoot it.
 */
export type LogoQuotaLimits = { perAddressBytes: number; totalOrphanBytes: number };

const DAY_MS = 24 * 3600_000;
/** Addresses remembered at once; the oldest window is forgotten first (memory stays bounded). */
const MAX_ADDRESSES = 10_000;
const UPLOAD_LOCK = sql`hashtext('guichet:logo_upload')`;

export function logoQuota(limits: LogoQuotaLimits) {
  const windows = new Map<string, { since: number; bytes: number }>();

  /** Reserves `bytes` for `address`, or refuses; the reservation is taken back if storing fails. */
  function reserve(address: string, bytes: number, now: number): () => void {
    let w = windows.get(address);
    if (!w || now - w.since >= DAY_MS) {
      windows.delete(address);
      w = { since: now, bytes: 0 };
    }
    if (w.bytes + bytes > limits.perAddressBytes) throw new HttpError(429, M.logoQuotaAdresse);
    w.bytes += bytes;
    windows.set(address, w);
    if (windows.size > MAX_ADDRESSES) windows.delete(windows.keys().next().value as string);
    const taken = w;
    return () => {
      taken.bytes -= bytes;
    };
  }

  return {
    /** Stores the logo if both bounds allow it; otherwise throws the French 429 or 503. */
    async store(db: Db, address: string, logo: LogoImage): Promise<void> {
      const release = reserve(address, logo.data.length, Date.now());
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK})`);
          // Expired orphans first: they no longer count against the total.
          await logosRepository.deleteOrphans(tx);
          const orphans = await logosRepository.orphanBytes(tx);
          if (orphans + logo.data.length > limits.totalOrphanBytes) throw new HttpError(503, M.logoQuotaTotal);
          await logosRepository.add(tx, logo);
        });
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}
