import { MESSAGES, VERSION_MESSAGES } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { inscriptionsRepository as repo } from './inscriptions.repository.ts';

/**
 * Locks the offer for a staff action and checks the version the agent read (decisions §6.1): a
 * stale one is a 409 before anything is written, mailed or journaled. Without a version, the
 * action goes on as before. Returns the status the offer had, locked.
 */
export async function lockAtVersion(tx: DbOrTx, id: number, version: string | undefined) {
  const row = await repo.lockForStaff(tx, id);
  if (!row) throw notFound(MESSAGES.inscriptionIntrouvable);
  if (version !== undefined && version !== row.version) throw new HttpError(409, VERSION_MESSAGES.inscription);
  return row;
}
