import { fillPath, pages } from '@guichet/contract';
import { lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { inscriptionLiens } from './inscriptions.tables.ts';

/** How long a landlord's personal link opens the offer's page after it was mailed (issue 17). */
export const LANDLORD_LINK_DAYS = 180;

/** The landlord's personal page, from the contract's page table (the page itself comes with issue 17's next part). */
export const landlordPagePath = (token: string) => fillPath(pages.logement, { token });

/**
 * A fresh personal link for the offer's landlord, stored as its hash only; the clear token is
 * returned for the one mail that carries it, and kept nowhere. Earlier links keep working
 * until they expire: an older mail still opens the page.
 */
export async function createLandlordLink(tx: DbOrTx, inscriptionId: number, now: Date): Promise<string> {
  const token = newToken();
  await tx.insert(inscriptionLiens).values({
    inscriptionId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LANDLORD_LINK_DAYS * 24 * 3600_000),
  });
  return token;
}

/** A fresh link for each of these offers, in one statement (a lost link may list several offers). */
export async function createLandlordLinks(tx: DbOrTx, inscriptionIds: number[], now: Date): Promise<string[]> {
  if (inscriptionIds.length === 0) return [];
  const tokens = inscriptionIds.map(() => newToken());
  const expiresAt = new Date(now.getTime() + LANDLORD_LINK_DAYS * 24 * 3600_000);
  await tx.insert(inscriptionLiens).values(
    inscriptionIds.map((inscriptionId, i) => ({
      inscriptionId,
      tokenHash: hashToken(tokens[i]),
      createdAt: now,
      expiresAt,
    })),
  );
  return tokens;
}

/**
 * Retention: a link past its expiry opens nothing any more (the page asks for a new one), so its
 * row goes, as soon as the daily pass sees it. The offer keeps its other, newer links. Returns how many went.
 */
export async function purgeExpiredLandlordLinks(tx: DbOrTx, now: Date): Promise<number> {
  const rows = await tx
    .delete(inscriptionLiens)
    .where(lte(inscriptionLiens.expiresAt, now))
    .returning({ id: inscriptionLiens.id });
  return rows.length;
}
