import { type EtudiantAction, formatDate, ETUDIANT_MESSAGES as M, PROXIMITES, STATUT } from '@guichet/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { type JournalActor, recordJournalMany } from '../../platform/journal/journal.ts';
import type { MailAttachment, Mailer } from '../../platform/mail/index.ts';
import { validatedOffers } from '../inscriptions/inscriptions.repository.ts';
import { referenceRepository, statutLibelle } from '../reference/reference.repository.ts';
import { ACTION_STATUT, etudiantsRepository as repo } from './etudiants.repository.ts';
import { buildHousingListPdf, HOUSING_LIST_FILENAME } from './housing-list.pdf.ts';

export type EtudiantDeps = { db: Db; mail: Mailer; now?: () => Date };

/** The housing list as it stands now, with what the mail says about it. */
export async function housingList(db: Db, issuedAt = new Date()) {
  const [site, offers] = await Promise.all([referenceRepository.params(db), validatedOffers(db)]);
  const pdf = await buildHousingListPdf({ site, offers, issuedAt, sectorOrder: PROXIMITES });
  return { site, count: offers.length, pdf };
}

/** What the bulk action did: the ids it changed, and those left as they were (already validated). */
export type EtudiantActionResult = { message: string; traitees: number[]; dejaValidees: number[] };

/**
 * Valider or refuser a selection of requests (docs/spec/portal-spec.md §4), in one transaction on the locked rows.
 * An unknown id (404), or a refusal of a request already validated (400), changes no row and
 * queues no mail, and the error names each request. Valider sets statut 2 and queues one mail
 * per student with the housing list, except for requests already validated: those are left
 * unchanged and get no second mail. The status is read after the lock, so two agents
 * validating the same rows at once mail each student once.
 */
export async function applyEtudiantAction(
  deps: EtudiantDeps,
  selection: { id: number; email?: string }[],
  action: EtudiantAction,
  actor: JournalActor,
): Promise<EtudiantActionResult> {
  const ids = selection.map((s) => s.id);
  // Built once, before the transaction: the list does not depend on the selection, and its
  // build time must not be spent holding row locks. The outbox stores the PDF body once.
  const list = action === 'valider' ? await housingList(deps.db, deps.now?.() ?? new Date()) : undefined;

  const result = await deps.db.transaction(async (tx) => {
    const rows = await repo.lockForUpdate(tx, ids);
    if (rows.length !== ids.length) {
      // Named by number, and by the e-mail the client showed for the row when it sent one.
      const found = new Set(rows.map((r) => r.id));
      const missing = selection.filter((s) => !found.has(s.id)).sort((a, b) => a.id - b.id);
      throw new HttpError(
        404,
        M.selectionIntrouvable(missing),
        missing.map((r) => ({ key: 'selection', error: M.demandeIntrouvable(r) })),
      );
    }
    const validated = rows.filter((r) => r.statutId === STATUT.valide);
    if (action === 'refuser') {
      // The student already has the list: "Refusé" would rewrite what happened.
      if (validated.length > 0) {
        throw badRequest(
          validated.map((r) => ({ key: 'selection', error: M.dejaValidee(r) })),
          M.refusImpossible(validated),
        );
      }
      await repo.setStatut(tx, ids, ACTION_STATUT.refuser);
      await journalAction(tx, actor, action, rows, ids.length);
      return { message: M.refusees(ids.length), traitees: rows.map((r) => r.id), dejaValidees: [] };
    }
    // Valider: what is already validated stays as it is, and is not mailed again.
    const todo = rows.filter((r) => r.statutId !== STATUT.valide);
    const dejaValidees = validated.map((r) => r.id);
    if (todo.length > 0 && list) {
      await repo.setStatut(
        tx,
        todo.map((r) => r.id),
        ACTION_STATUT.valider,
      );
      const attachment: MailAttachment = {
        filename: HOUSING_LIST_FILENAME,
        contentType: 'application/pdf',
        content: list.pdf,
      };
      const body = deps.mail.render(housingListMail(list.site, list.count, deps.now?.() ?? new Date()));
      for (const r of todo) {
        await deps.mail.enqueue(tx, {
          to: r.email,
          subject: `Liste des logements privés — ${list.site.nomSite}`,
          ...body,
          attachments: [attachment],
          kind: 'liste_logements',
          entite: 'etudiant',
          entiteId: r.id,
        });
      }
    }
    await journalAction(tx, actor, action, todo, ids.length);
    return {
      message: M.validees(todo.length, dejaValidees.length),
      traitees: todo.map((r) => r.id),
      dejaValidees,
    };
  });
  if (action === 'valider' && result.traitees.length > 0) deps.mail.wake();
  return result;
}

/**
 * One journal line per request the action changed (each request's own history), saying when it
 * was part of a bulk action; a request left as it was (already validated) gets none.
 */
function journalAction(
  tx: DbOrTx,
  actor: JournalActor,
  action: EtudiantAction,
  changed: { id: number; email: string; statutId: number }[],
  selected: number,
) {
  const to = ACTION_STATUT[action];
  const lot = selected > 1 ? ` (action groupée sur ${selected} demandes)` : '';
  return recordJournalMany(
    tx,
    actor,
    changed
      .filter((r) => r.statutId !== to)
      .map((r) => ({
        action: action === 'valider' ? 'etudiant.validation' : 'etudiant.refus',
        entite: 'etudiant' as const,
        entiteId: r.id,
        resume:
          action === 'valider'
            ? `Demande de ${r.email} validée, liste des logements envoyée${lot}`
            : `Demande de ${r.email} refusée${lot}`,
        avant: { statut: statutLibelle(r.statutId) },
        apres: { statut: statutLibelle(to) },
      })),
  );
}

function housingListMail(site: Parameters<Mailer['render']>[0]['params'], count: number, issuedAt: Date) {
  const edition = formatDate(issuedAt);
  return {
    params: site,
    title: 'Votre liste des logements privés',
    paragraphs: [
      'Bonjour,',
      count > 0
        ? `Votre demande a été validée. Vous trouverez ci-joint la liste des logements proposés aux étudiants par des propriétaires privés (édition du ${edition}, ${count === 1 ? '1 offre' : `${count} offres`}).`
        : `Votre demande a été validée. Aucune offre de logement privé n'est disponible pour le moment (édition du ${edition}) : le document joint le précise, et vous pouvez renouveler votre demande un peu plus tard.`,
      'Les offres sont classées par secteur. Pour visiter un logement ou poser une question, contactez directement son propriétaire aux coordonnées indiquées sous chaque offre.',
      'Bonne recherche !',
    ],
    link: { label: 'Accéder au portail', href: '/' },
  };
}
