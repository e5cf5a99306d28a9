import { formatDate, STATUT } from '@guichet/contract';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { claimDay } from '../../platform/daily-jobs.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { referenceRepository } from '../reference/reference.repository.ts';
import { lastConfirmation } from './inscriptions.repository.ts';
import { inscriptionEvenements, inscriptions } from './inscriptions.tables.ts';
import { createLandlordLink, LANDLORD_LINK_DAYS, landlordPagePath } from './landlord-links.ts';

/**
 * The daily « still available? » check (issue 17): a validated offer whose last confirmation is
 * older than OFFER_CHECK_DAYS gets a mail to its landlord, once; an offer asked more than
 * OFFER_GRACE_DAYS ago without an answer is archived (motif `expiree`) and its landlord told.
 * Each mail carries a fresh personal link; the links only open the page, where the landlord
 * answers with one click (mail scanners follow links).
 */
export type OfferCheckDeps = { db: Db; mail: Mailer; checkDays: number; graceDays: number };
export type OfferCheckCounts = { relances: number; expirees: number };

const DAY_MS = 24 * 3600_000;
/** One pass at a time across every server process; PGlite runs the same SQL. */
const OFFER_CHECK_LOCK = sql`hashtext('guichet:offer-check')`;

const landlord = {
  id: inscriptions.id,
  nom: inscriptions.nom,
  prenom: inscriptions.prenom,
  email: inscriptions.email,
  type: inscriptions.type,
  adresse: inscriptions.adresse,
  cp: inscriptions.cp,
  ville: inscriptions.ville,
  dateRelance: inscriptions.dateRelance,
  confirmee: lastConfirmation,
};

const offerLabel = (o: { type: string; adresse: string; cp: string; ville: string }) =>
  `${o.type} au ${o.adresse}, ${o.cp} ${o.ville}`;

/**
 * Runs the check as of `now`. With `day`, the daily job's run: that day is claimed in the same
 * transaction ('done': some process already ran it). 'busy': another process is running it.
 */
export async function runOfferCheck(
  deps: OfferCheckDeps,
  now: Date,
  day?: string,
): Promise<OfferCheckCounts | 'busy' | 'done'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${OFFER_CHECK_LOCK}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (res.rows[0]?.ok !== true) return 'busy' as const;
    if (day && !(await claimDay(tx, 'offer-check', day))) return 'done' as const;
    // Expired first: an offer asked in this very pass is never expired by it.
    const expirees = await expireUnanswered(tx, deps, now);
    const relances = await askStillAvailable(tx, deps, now);
    return { relances, expirees };
  });
  if (typeof outcome === 'object' && outcome.relances + outcome.expirees > 0) deps.mail.wake();
  return outcome;
}

async function askStillAvailable(tx: DbOrTx, deps: OfferCheckDeps, now: Date): Promise<number> {
  const due = await tx
    .select(landlord)
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.statutId, STATUT.valide),
        isNull(inscriptions.dateRelance),
        lt(landlord.confirmee, new Date(now.getTime() - deps.checkDays * DAY_MS)),
      ),
    )
    .orderBy(asc(inscriptions.id))
    .for('update');
  if (due.length === 0) return 0;
  const params = await referenceRepository.params(tx);
  const deadline = new Date(now.getTime() + deps.graceDays * DAY_MS);
  for (const offer of due) {
    await tx.update(inscriptions).set({ dateRelance: now }).where(eq(inscriptions.id, offer.id));
    await tx.insert(inscriptionEvenements).values({ inscriptionId: offer.id, date: now, type: 'relance' });
    const page = landlordPagePath(await createLandlordLink(tx, offer.id, now));
    const body = deps.mail.render({
      params,
      title: 'Votre logement est-il toujours disponible ?',
      paragraphs: [
        `Bonjour ${offer.prenom} ${offer.nom},`,
        `Votre offre (${offerLabel(offer)}) figure sur la liste des logements que le ${params.nomSite} envoie aux étudiants. Elle a été confirmée pour la dernière fois le ${formatDate(offer.confirmee)}.`,
        'Est-elle toujours disponible ? Chacun des deux boutons ci-dessous ouvre la page de votre offre, où un clic confirme votre réponse.',
        `Sans réponse de votre part d’ici le ${formatDate(deadline)}, l’offre sera retirée de la liste.`,
        `Ce lien est personnel et reste valable ${LANDLORD_LINK_DAYS} jours : merci de ne pas le transférer.`,
      ],
      links: [
        { label: 'Toujours disponible', href: `${page}?reponse=disponible`, personal: true },
        { label: 'Loué', href: `${page}?reponse=loue`, personal: true },
      ],
    });
    await deps.mail.enqueue(tx, {
      to: offer.email,
      subject: `Votre logement est-il toujours disponible ? — ${params.nomSite}`,
      ...body,
      kind: 'disponibilite_a_confirmer',
      entite: 'inscription',
      entiteId: offer.id,
    });
  }
  return due.length;
}

async function expireUnanswered(tx: DbOrTx, deps: OfferCheckDeps, now: Date): Promise<number> {
  const expired = await tx
    .select(landlord)
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.statutId, STATUT.valide),
        isNotNull(inscriptions.dateRelance),
        lt(inscriptions.dateRelance, new Date(now.getTime() - deps.graceDays * DAY_MS)),
      ),
    )
    .orderBy(asc(inscriptions.id))
    .for('update');
  if (expired.length === 0) return 0;
  const params = await referenceRepository.params(tx);
  for (const offer of expired) {
    const asked = formatDate(offer.dateRelance);
    await tx
      .update(inscriptions)
      .set({
        statutId: STATUT.archive,
        motifArchivage: 'expiree',
        motifArchivageTexte: null,
        dateRelance: null,
        // Like « loué » or « retrait »: changes waiting for staff go with the listing.
        tempdata: null,
      })
      .where(eq(inscriptions.id, offer.id));
    await tx.insert(inscriptionEvenements).values({
      inscriptionId: offer.id,
      date: now,
      type: 'expiree',
      detail: `Sans réponse au courriel du ${asked}`,
    });
    const page = landlordPagePath(await createLandlordLink(tx, offer.id, now));
    const body = deps.mail.render({
      params,
      title: 'Votre offre de logement a été retirée de la liste',
      paragraphs: [
        `Bonjour ${offer.prenom} ${offer.nom},`,
        `Le ${asked}, nous vous avons demandé si votre logement (${offerLabel(offer)}) était toujours disponible. Faute de réponse, nous l’avons retiré de la liste des logements envoyée aux étudiants.`,
        `S’il est toujours à louer, vous pouvez le proposer de nouveau sur le site du ${params.nomSite}. Le lien ci-dessous ouvre la page de votre offre ; il est personnel et reste valable ${LANDLORD_LINK_DAYS} jours.`,
      ],
      link: { label: 'Voir mon offre', href: page, personal: true },
    });
    await deps.mail.enqueue(tx, {
      to: offer.email,
      subject: `Votre offre de logement a été retirée de la liste — ${params.nomSite}`,
      ...body,
      kind: 'offre_expiree',
      entite: 'inscription',
      entiteId: offer.id,
    });
  }
  return expired.length;
}
