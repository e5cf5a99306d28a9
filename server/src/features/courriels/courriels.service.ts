import {
  COURRIEL_STATUTS,
  COURRIEL_TYPES,
  canAccess,
  LIEN_PERSONNEL_MASQUE,
  COURRIEL_MESSAGES as M,
  RENVOI_FILTRE_MAX,
  type SessionUser,
} from '@guichet/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { recordJournal } from '../../platform/journal/journal.ts';
import { mailRepository as repo } from '../../platform/mail/index.ts';
import type { CourrielFiltres } from '../../platform/mail/mail.repository.ts';

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
    return requeueAndJournal(tx, actor, rows);
  });
}

/**
 * « Renvoyer les courriels en échec » of the filtered list: the failed mails it shows that still
 * can be, all or none. `attendu` is the count the agent confirmed: if the list changed since
 * (another resend, a mail given up meanwhile), 409 and nothing changes.
 */
export async function resendFiltered(
  db: Db,
  actor: SessionUser,
  liste: CourrielFiltres,
  attendu: number,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const found = await repo.lockFailedMatching(tx, liste, RENVOI_FILTRE_MAX + 1);
    if (found.length > RENVOI_FILTRE_MAX) {
      const message = M.tropNombreux(found.length);
      throw new HttpError(400, message, [{ key: 'attendu', error: message }]);
    }
    if (found.length !== attendu) {
      const message = M.listeChangee(attendu, found.length);
      throw new HttpError(409, message, [{ key: 'attendu', error: message }]);
    }
    const rows = await repo.lockForResend(
      tx,
      found.map((r) => r.id),
    );
    return requeueAndJournal(tx, actor, rows);
  });
}

async function requeueAndJournal(
  tx: DbOrTx,
  actor: SessionUser,
  rows: Awaited<ReturnType<typeof repo.lockForResend>>,
): Promise<number[]> {
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
}

/** One mail; the raw error (English, host, server paths) only for an administrator. */
export async function courrielDetail(db: Db, viewer: SessionUser, id: number) {
  const courriel = await repo.detail(db, id, LIEN_PERSONNEL_MASQUE);
  if (!courriel) throw notFound(M.courrielIntrouvable);
  const admin = canAccess(viewer.roles, 'administration');
  return { ...courriel, derniereErreurBrute: admin ? courriel.derniereErreurBrute : null };
}
