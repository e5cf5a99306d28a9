import { PARTENAIRE_MESSAGES as M } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { RateCounters } from '../../platform/rate-limit.ts';
import type { LogoImage } from './logo-image.ts';
import { logosRepository } from './logos.repository.ts';

/**
 * Anonymous logo uploads must not fill the database (ASVS 12.1.3): a logo is an orphan until a
 * registration or a proposal uses it, and orphans are bounded twice.
 * - Per address: at most `perAddressKb` uploaded in a sliding 24 hours (429), counted in the
 *   shared rate counters, so the bound holds whichever process answers.
 * - In total: at most `totalOrphanBytes` of orphans in the database (503), checked and inserted
 *   under one database lock, so parallel uploads on any process cannot overshoot it.
 */
export type LogoQuotaLimits = { perAddressKb: number; totalOrphanBytes: number };

const DAY_MS = 24 * 3600_000;
const UPLOAD_LOCK = sql`hashtext('guichet:logo_upload')`;

export function logoQuota(limits: LogoQuotaLimits, counters: RateCounters) {
  return {
    /**
     * Stores the logo if both bounds allow it; otherwise throws the French 429 or 503. `address`
     * is the client's address group (an IPv6 /64 counts as one address).
     */
    async store(db: Db, address: string, logo: LogoImage): Promise<void> {
      const bucket = `logo:${address}`;
      const kb = Math.ceil(logo.data.length / 1024);
      const hits = await counters.hit([bucket], DAY_MS, kb);
      // A refused or failed upload takes its kilobytes back: only stored logos use the quota.
      const release = () => counters.release([bucket], hits.windowStart, kb);
      if (hits.estimate(bucket) > limits.perAddressKb) {
        await release();
        throw new HttpError(429, M.logoQuotaAdresse);
      }
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
        await release();
        throw err;
      }
    },
  };
}
