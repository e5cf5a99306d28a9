import {
  COURRIEL_STATUTS,
  COURRIEL_TYPES,
  LIEN_PERSONNEL_MASQUE,
  COURRIEL_MESSAGES as M,
  type SessionUser,
} from '@guichet/contract';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { recordJournal } from '../../platform/journal/journal.ts';
import { mailRepository as repo } from '../../platform/mail/index.ts';

/**
 * « Renvoyer »: failed mails back in the queue with a fresh attempt count, all or none. A mail
 * that is missing (404) or not failed (409) refuses the whole selection, each one named; nothing
 * changes. One journal line per mail, in the same transaction. The caller wakes the dispatcher.
 */
export async function resendMails(db: Db, actor: SessionUser, ids: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await repo.lockForResend(tx, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw new HttpError(
        404,
        M.introuvables(missing),
        missing.map((id) => ({ key: 'ids', error: M.numeroIntrouvable(id) })),
      );
    }
    const refused = rows.filter((r) => r.status !== 'failed' || r.linkRemoved);
    if (refused.length) {
      throw new HttpError(
        409,
        M.renvoiImpossible(refused.map((r) => r.id)),
        refused.map((r) => ({
          key: 'ids',
          error: r.status !== 'failed' ? M.pasEnEchec(r.id, r.status) : M.lienRetire(r.id),
        })),
      );
    }
    await repo.requeue(
      tx,
      rows.map((r) => r.id),
    );
    for (const r of rows) {
      await recordJournal(tx, actor, {
        action: 'courriel.renvoi',
        entite: 'courriel',
        entiteId: r.id,
        resume: `Courriel renvoyé à ${r.to} : « ${r.subject} »${r.kind ? ` (${COURRIEL_TYPES[r.kind]})` : ''}`,
        avant: { statut: COURRIEL_STATUTS.failed, tentatives: r.attempts, derniereErreur: r.lastError },
        apres: { statut: COURRIEL_STATUTS.pending, tentatives: 0 },
      });
    }
    return rows.map((r) => r.id);
  });
}

export async function courrielDetail(db: Db, id: number) {
  const courriel = await repo.detail(db, id, LIEN_PERSONNEL_MASQUE);
  if (!courriel) throw notFound(M.courrielIntrouvable);
  return courriel;
}
