import {
  type CourrielType,
  formatDate,
  INSCRIPTION_LABELS as L,
  LIEN_INVALIDE,
  type Logement,
  type LogementSelfView,
  type MotifArchivage,
  OFFRE_ARCHIVEE,
  type Proprietaire,
  STATUT,
} from '@guichet/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { type JournalActor, recordJournal } from '../../platform/journal/journal.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { hashToken } from '../../platform/tokens.ts';
import { referenceRepository, statutLibelle } from '../reference/reference.repository.ts';
import { inscriptionsRepository as repo } from './inscriptions.repository.ts';
import {
  type EvenementInscription,
  inscriptionEvenements,
  inscriptionLiens,
  inscriptions,
} from './inscriptions.tables.ts';
import { createLandlordLink, LANDLORD_LINK_DAYS, landlordPagePath } from './landlord-links.ts';
import { lockAtVersion } from './version.ts';

/**
 * The landlord's side of an offer (issue 17): the personal page `/logement/<token>` and its
 * actions, and the mails that carry a fresh link (receipt, staff decision, lost link). Each state
 * change, its event row and its mail are one transaction; the caller wakes the mail after it.
 */
export type LandlordDeps = { db: Db; mail: Mailer };

const OFFRE_REFUSEE = 'Cette offre a été refusée par le guichet : elle ne figure pas dans la liste des logements.';

/** The offer a personal link opens; an unknown and an expired token are the same 404. */
async function offerIdByToken(db: DbOrTx, token: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ id: inscriptionLiens.inscriptionId })
    .from(inscriptionLiens)
    .where(and(eq(inscriptionLiens.tokenHash, hashToken(token)), gt(inscriptionLiens.expiresAt, now)));
  if (!row) throw notFound(LIEN_INVALIDE);
  return row.id;
}

const landlordFields = {
  dateValidation: inscriptions.dateValidation,
  dateConfirmation: inscriptions.dateConfirmation,
  dateRelance: inscriptions.dateRelance,
  motifArchivage: inscriptions.motifArchivage,
  motifArchivageTexte: inscriptions.motifArchivageTexte,
};

export async function viewByToken(deps: LandlordDeps, token: string): Promise<LogementSelfView> {
  const id = await offerIdByToken(deps.db, token, new Date());
  const offer = await repo.findById(deps.db, id);
  const [dates] = await deps.db.select(landlordFields).from(inscriptions).where(eq(inscriptions.id, id));
  if (!offer || !dates) throw notFound(LIEN_INVALIDE);
  return { ...offer, ...dates };
}

/**
 * The offer behind the token, locked for the action; an archived or refused offer refuses every
 * action with a 409 and nothing changes.
 */
export async function lockForAction(tx: DbOrTx, token: string, now: Date) {
  const id = await offerIdByToken(tx, token, now);
  const [row] = await tx
    .select({ statutId: inscriptions.statutId })
    .from(inscriptions)
    .where(eq(inscriptions.id, id))
    .for('update');
  if (!row) throw notFound(LIEN_INVALIDE);
  if (row.statutId === STATUT.archive) throw new HttpError(409, OFFRE_ARCHIVEE);
  if (row.statutId === STATUT.refuse) throw new HttpError(409, OFFRE_REFUSEE);
  return id;
}

export const event = (tx: DbOrTx, inscriptionId: number, type: EvenementInscription, date: Date, detail?: string) =>
  tx.insert(inscriptionEvenements).values({ inscriptionId, type, date, detail: detail ?? null });

/** « Toujours disponible »: dates the confirmation and answers a pending check. */
export async function confirmAvailable(deps: LandlordDeps, token: string) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const id = await lockForAction(tx, token, now);
    await tx.update(inscriptions).set({ dateConfirmation: now, dateRelance: null }).where(eq(inscriptions.id, id));
    await event(tx, id, 'confirmee', now);
  });
}

/** « Mon logement est loué » / « Retirer mon offre »: the offer leaves the list at once, the words kept. */
export async function archiveByLandlord(
  deps: LandlordDeps,
  token: string,
  motif: Extract<MotifArchivage, 'loue' | 'retiree'>,
  texte: string | undefined,
) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const id = await lockForAction(tx, token, now);
    await tx
      .update(inscriptions)
      // Changes awaiting review go too: there is no listed offer left to change.
      .set({
        statutId: STATUT.archive,
        motifArchivage: motif,
        motifArchivageTexte: texte ?? null,
        dateRelance: null,
        tempdata: null,
      })
      .where(eq(inscriptions.id, id));
    await event(tx, id, motif === 'loue' ? 'louee' : 'retiree', now, texte);
  });
}

// ── Mails ─────────────────────────────────────────────────────────────────────────

export type OfferForMail = {
  id: number;
  date: Date;
  nom: string;
  prenom: string;
  email: string;
  type: string;
  adresse: string;
  cp: string;
  ville: string;
  proximite: string;
  surface: string;
  loyer: string;
  charges: string;
};
const mailFields = {
  id: inscriptions.id,
  date: inscriptions.date,
  nom: inscriptions.nom,
  prenom: inscriptions.prenom,
  email: inscriptions.email,
  type: inscriptions.type,
  adresse: inscriptions.adresse,
  cp: inscriptions.cp,
  ville: inscriptions.ville,
  proximite: inscriptions.proximite,
  surface: inscriptions.surface,
  loyer: inscriptions.loyer,
  charges: inscriptions.charges,
};

export const offerLabel = (o: OfferForMail) => `${o.type} au ${o.adresse}, ${o.cp} ${o.ville}`;
const summary = (o: OfferForMail) =>
  [
    'Votre offre :',
    `${L.type} : ${o.type}`,
    `${L.adresse} : ${o.adresse}, ${o.cp} ${o.ville}`,
    `${L.proximite} : ${o.proximite}`,
    `${L.surface} : ${o.surface}`,
    `${L.loyer} : ${o.loyer}`,
    `${L.charges} : ${o.charges.replace('.', ',')}`,
  ].join('\n');
const linkNotice = `Ce lien est personnel et reste valable ${LANDLORD_LINK_DAYS} jours : merci de ne pas le transférer.`;

/** Queues one mail to the offer's landlord carrying a fresh personal link. */
export async function mailWithLink(
  tx: DbOrTx,
  mail: Mailer,
  offer: OfferForMail,
  now: Date,
  content: { subject: string; title: string; paragraphs: string[]; kind: CourrielType },
) {
  const params = await referenceRepository.params(tx);
  const page = landlordPagePath(await createLandlordLink(tx, offer.id, now));
  const body = mail.render({
    params,
    title: content.title,
    paragraphs: [`Bonjour ${offer.prenom} ${offer.nom},`, ...content.paragraphs, linkNotice],
    link: { label: 'Voir mon offre', href: page, personal: true },
  });
  await mail.enqueue(tx, {
    to: offer.email,
    subject: `${content.subject} — ${params.nomSite}`,
    ...body,
    kind: content.kind,
    entite: 'inscription',
    entiteId: offer.id,
  });
}

export async function offerForMail(tx: DbOrTx, id: number): Promise<OfferForMail> {
  const [offer] = await tx.select(mailFields).from(inscriptions).where(eq(inscriptions.id, id));
  return offer;
}

/** Registers an offer, notes its receipt and mails the landlord a summary with the personal link. */
export async function registerOffer(deps: LandlordDeps, proprietaire: Proprietaire, logement: Logement) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const id = await repo.add(tx, proprietaire, logement, now);
    await event(tx, id, 'recue', now);
    const offer = await offerForMail(tx, id);
    await mailWithLink(tx, deps.mail, offer, now, {
      kind: 'accuse_reception_proprietaire',
      subject: 'Votre offre de logement a bien été reçue',
      title: 'Votre offre de logement a bien été reçue',
      paragraphs: [
        'Nous avons bien reçu votre offre de logement. Le guichet va l’examiner : vous recevrez un courriel dès qu’elle sera validée et ajoutée à la liste des logements envoyée aux étudiants.',
        summary(offer),
        'La page de votre offre, ouverte par le bouton ci-dessous, montre son statut ; vous pourrez y indiquer que votre logement est loué ou retirer votre offre.',
      ],
    });
  });
  deps.mail.wake();
}

/**
 * Staff set a status. Setting « Validé » or « Refusé » from another status tells the landlord,
 * with a fresh link (a refusal with the agent's reason, if typed); setting the same status again
 * (a re-validation, which counts as a confirmation) sends nothing. False when no such offer; a
 * stale `version` (the offer changed since the agent read it) is a 409 and nothing happens.
 */
export async function setStatutByStaff(
  deps: LandlordDeps,
  actor: JournalActor,
  id: number,
  statutId: number,
  motif: string | undefined,
  version?: string,
): Promise<boolean> {
  const now = new Date();
  const mailed = await deps.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, version);
    if (!(await repo.updateStatut(tx, id, statutId))) return undefined;
    await journalStatut(tx, actor, id, before.statutId, statutId, motif);
    if (before.statutId === statutId) return false;
    const offer = await offerForMail(tx, id);
    if (statutId === STATUT.valide) {
      await event(tx, id, 'validee', now);
      await mailWithLink(tx, deps.mail, offer, now, {
        kind: 'decision_proprietaire',
        subject: 'Votre offre de logement a été validée',
        title: 'Votre offre de logement a été validée',
        paragraphs: [
          `Votre offre (${offerLabel(offer)}) a été validée : elle figure désormais dans la liste des logements envoyée aux étudiants.`,
          'Dès que votre logement est loué, dites-le-nous depuis la page de votre offre : elle sera retirée de la liste aussitôt.',
        ],
      });
      return true;
    }
    if (statutId === STATUT.refuse) {
      await event(tx, id, 'refusee', now, motif);
      await mailWithLink(tx, deps.mail, offer, now, {
        kind: 'decision_proprietaire',
        subject: 'Votre offre de logement n’a pas été retenue',
        title: 'Votre offre de logement n’a pas été retenue',
        paragraphs: [
          `Le guichet n’a pas retenu votre offre (${offerLabel(offer)}, déposée le ${formatDate(offer.date)}) : elle ne figurera pas dans la liste des logements envoyée aux étudiants.`,
          ...(motif ? [`Motif : ${motif}`] : []),
          'Pour toute question, vous pouvez nous contacter (coordonnées ci-dessous).',
        ],
      });
      return true;
    }
    return false;
  });
  if (mailed === undefined) return false;
  if (mailed) deps.mail.wake();
  return true;
}

/**
 * The journal's line of a staff status change (in its transaction). Validating a validated offer
 * again dates its confirmation: a line without before/after; any other unchanged status, none.
 */
async function journalStatut(
  tx: DbOrTx,
  actor: JournalActor,
  id: number,
  from: number,
  to: number,
  motif: string | undefined,
) {
  if (from === to && to !== STATUT.valide) return;
  const avant = from === to ? null : { statut: statutLibelle(from) };
  const apres = from === to ? null : { statut: statutLibelle(to), ...(to === STATUT.refuse && motif ? { motif } : {}) };
  await recordJournal(tx, actor, {
    action: 'inscription.statut',
    entite: 'inscription',
    entiteId: id,
    resume:
      from === to
        ? `Offre n° ${id} validée à nouveau (disponibilité confirmée)`
        : `Offre n° ${id} : ${statutLibelle(from)} → ${statutLibelle(to)}`,
    avant,
    apres,
  });
}

/**
 * A lost link: one mail with a fresh link for each live offer (pending or validated) of this
 * address. The caller answers the same whether any was found: the form tells no one which
 * addresses have offers.
 */
export async function sendLostLinks(deps: LandlordDeps, email: string): Promise<void> {
  const now = new Date();
  const sent = await deps.db.transaction(async (tx) => {
    const offers = await tx
      .select(mailFields)
      .from(inscriptions)
      .where(
        and(
          sql`lower(${inscriptions.email}) = ${email.toLowerCase()}`,
          inArray(inscriptions.statutId, [STATUT.enAttente, STATUT.valide]),
        ),
      )
      .orderBy(asc(inscriptions.id));
    for (const offer of offers) {
      await mailWithLink(tx, deps.mail, offer, now, {
        kind: 'lien_personnel',
        subject: 'Le lien vers votre offre de logement',
        title: 'Le lien vers votre offre de logement',
        paragraphs: [
          `Vous avez demandé un nouveau lien vers la page de votre offre (${offerLabel(offer)}, déposée le ${formatDate(offer.date)}).`,
          'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre offre ne change pas.',
        ],
      });
    }
    return offers.length;
  });
  if (sent > 0) deps.mail.wake();
}
