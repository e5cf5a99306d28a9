import {
  formatDate,
  type InscriptionField,
  inscriptionChanges,
  INSCRIPTION_LABELS as L,
  LIEN_INVALIDE,
  LOGEMENT_FIELDS,
  type Logement,
  MODIFICATION_MESSAGES as M,
  MESSAGES,
  type OfferValues,
  PROPRIETAIRE_FIELDS,
  type Proprietaire,
  STATUT,
  storedCharges,
} from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { type JournalActor, recordJournal } from '../../platform/journal/journal.ts';
import { inscriptionsRepository as repo } from './inscriptions.repository.ts';
import { inscriptions } from './inscriptions.tables.ts';
import { event, type LandlordDeps, lockForAction, mailWithLink, offerForMail, offerLabel } from './landlord.service.ts';
import { lockAtVersion } from './version.ts';

/**
 * « Modifier mon offre » (issue 17): a pending offer takes the landlord's changes at once (staff
 * have not read it yet); a validated one keeps them in `tempdata` for staff, and the students' list
 * shows the offer unchanged until staff validate them. Each step is one transaction with its event
 * (and, for staff, its journal line and the landlord's mail).
 */
export type ModificationOutcome = keyof Pick<typeof M, 'appliquees' | 'transmises' | 'inchangee' | 'renvoyee'>;

const labels = (fields: readonly InscriptionField[]) => fields.map((k) => L[k]).join(', ');

/** The offer's columns from its two halves, field by field (nothing else from a stored proposal reaches the row). */
const columns = ({ proprietaire, logement }: OfferValues) => ({
  ...Object.fromEntries(PROPRIETAIRE_FIELDS.map((k) => [k, proprietaire[k]])),
  ...Object.fromEntries(LOGEMENT_FIELDS.map((k) => [k, logement[k]])),
});

/** The changed fields' values, for the journal's « avant » and « après ». */
const pick = (v: OfferValues, fields: readonly InscriptionField[]) => {
  const flat: Record<string, unknown> = { ...v.proprietaire, ...v.logement };
  return Object.fromEntries(fields.map((k) => [k, flat[k]]));
};

/**
 * The landlord saves the wizard's fields from the personal page. Refused: corrected and sent back
 * for review. Archived: 409, nothing changes.
 */
export async function proposeChanges(
  deps: LandlordDeps,
  token: string,
  proprietaire: Proprietaire,
  logement: Logement,
): Promise<ModificationOutcome> {
  const now = new Date();
  const proposed: OfferValues = { proprietaire, logement: { ...logement, charges: storedCharges(logement.charges) } };
  return deps.db.transaction(async (tx) => {
    const id = await lockForAction(tx, token, now, [STATUT.refuse]);
    const offer = await repo.findById(tx, id);
    if (!offer) throw notFound(LIEN_INVALIDE);
    const changed = inscriptionChanges(offer, proposed);
    if (offer.idStatut === STATUT.refuse) {
      // « Corriger et renvoyer »: back to the office's review, dated today so that it heads their
      // list of offers waiting (and counts its wait from now); the first deposit stays in the history.
      await tx
        .update(inscriptions)
        .set({ ...columns(proposed), statutId: STATUT.enAttente, date: now, tempdata: null })
        .where(eq(inscriptions.id, id));
      await event(tx, id, 'renvoyee', now, changed.length ? labels(changed) : 'Sans modification');
      return 'renvoyee';
    }
    if (offer.idStatut !== STATUT.valide) {
      // Not reviewed yet: staff will read the offer as it now is.
      if (!changed.length) return 'inchangee';
      await tx
        .update(inscriptions)
        .set({ ...columns(proposed), tempdata: null })
        .where(eq(inscriptions.id, id));
      await event(tx, id, 'modification_proposee', now, `${labels(changed)} (appliquées aussitôt : offre en attente)`);
      return 'appliquees';
    }
    if (!changed.length) {
      // Back to the listed offer: a waiting proposal has nothing left to review.
      if (offer.tempdata) await tx.update(inscriptions).set({ tempdata: null }).where(eq(inscriptions.id, id));
      return 'inchangee';
    }
    // The very proposal already waiting: nothing new for staff.
    if (offer.tempdata && inscriptionChanges(offer.tempdata, proposed).length === 0) return 'transmises';
    await tx
      .update(inscriptions)
      .set({ tempdata: { date: now.toISOString(), ...proposed } })
      .where(eq(inscriptions.id, id));
    await event(tx, id, 'modification_proposee', now, labels(changed));
    return 'transmises';
  });
}

/**
 * The offer and its waiting proposal, locked for staff's decision. A stale `version`, no proposal,
 * or a proposal newer than the one staff read (`dateProposition`): 409, so nothing is decided unseen.
 */
async function lockProposal(tx: DbOrTx, id: number, dateProposition: string, version: string | undefined) {
  await lockAtVersion(tx, id, version);
  const offer = await repo.findById(tx, id);
  if (!offer) throw notFound(MESSAGES.inscriptionIntrouvable);
  const proposal = offer.tempdata;
  if (!proposal) throw new HttpError(409, M.aucune);
  if (proposal.date.getTime() !== Date.parse(dateProposition)) throw new HttpError(409, M.changeeEntreTemps);
  return { offer, proposal, changed: inscriptionChanges(offer, proposal) };
}

/** « Valider les modifications »: the proposal becomes the offer; the landlord is told, with a fresh link. */
export async function acceptChanges(
  deps: LandlordDeps,
  actor: JournalActor,
  id: number,
  dateProposition: string,
  version?: string,
) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const { offer, proposal, changed } = await lockProposal(tx, id, dateProposition, version);
    await tx
      .update(inscriptions)
      .set({ ...columns(proposal), tempdata: null })
      .where(eq(inscriptions.id, id));
    await event(tx, id, 'modification_validee', now, labels(changed) || undefined);
    await recordJournal(tx, actor, {
      action: 'inscription.modification',
      entite: 'inscription',
      entiteId: id,
      resume: `Modifications du propriétaire validées${changed.length ? ` : ${labels(changed)}` : ''}`,
      avant: pick(offer, changed),
      apres: pick(proposal, changed),
    });
    // Read after the update: the mail goes to the address (and names the housing) as now validated.
    const mailed = await offerForMail(tx, id);
    await mailWithLink(tx, deps.mail, mailed, now, {
      kind: 'modification_proprietaire',
      subject: 'Les modifications de votre offre ont été validées',
      title: 'Les modifications de votre offre ont été validées',
      paragraphs: [
        `Les modifications que vous avez proposées le ${formatDate(proposal.date)} pour votre offre (${offerLabel(mailed)}) ont été validées${
          offer.idStatut === STATUT.valide
            ? ' : la liste des logements envoyée aux étudiants montre désormais votre offre à jour.'
            : '.'
        }`,
        ...(changed.length ? [`Champs modifiés : ${labels(changed)}.`] : []),
      ],
    });
  });
  deps.mail.wake();
}

/** « Refuser les modifications »: the proposal is dropped, the offer stays as it was; the landlord is told why if staff say. */
export async function refuseChanges(
  deps: LandlordDeps,
  actor: JournalActor,
  id: number,
  dateProposition: string,
  motif: string | undefined,
  version?: string,
) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const { proposal, changed } = await lockProposal(tx, id, dateProposition, version);
    await tx.update(inscriptions).set({ tempdata: null }).where(eq(inscriptions.id, id));
    const detail = [labels(changed), motif ? `Motif : ${motif}` : ''].filter(Boolean).join('. ');
    await event(tx, id, 'modification_refusee', now, detail || undefined);
    await recordJournal(tx, actor, {
      action: 'inscription.modification',
      entite: 'inscription',
      entiteId: id,
      resume: `Modifications du propriétaire refusées${changed.length ? ` : ${labels(changed)}` : ''}${motif ? ` (motif : ${motif})` : ''}`,
    });
    const offer = await offerForMail(tx, id);
    await mailWithLink(tx, deps.mail, offer, now, {
      kind: 'modification_proprietaire',
      subject: 'Les modifications de votre offre n’ont pas été retenues',
      title: 'Les modifications de votre offre n’ont pas été retenues',
      paragraphs: [
        `Le guichet n’a pas retenu les modifications que vous avez proposées le ${formatDate(proposal.date)} pour votre offre (${offerLabel(offer)}) : votre offre reste telle qu’elle était.`,
        ...(changed.length ? [`Champs concernés : ${labels(changed)}.`] : []),
        ...(motif ? [`Motif : ${motif}`] : []),
        'Vous pouvez proposer d’autres modifications depuis la page de votre offre, ou nous contacter (coordonnées ci-dessous).',
      ],
    });
  });
  deps.mail.wake();
}
