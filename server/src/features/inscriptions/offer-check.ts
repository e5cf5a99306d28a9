import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatDate, STATUT } from '@guichet/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { claimDay, dayClaimed } from '../../platform/daily-jobs.ts';
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
export type OfferCheckDeps = {
  db: Db;
  mail: Mailer;
  checkDays: number;
  graceDays: number;
  /** Offers handled per transaction (default OFFER_CHECK_BATCH; tests use a small one). */
  batchSize?: number;
};
export type OfferCheckCounts = { relances: number; expirees: number };

/**
 * Offers handled per transaction. A pass over years of history (an import, a portal stopped for
 * months) handles thousands: in one transaction, the embedded database (one connection, run in this
 * thread) serves nobody until it ends (the directory fell from 4 300 to 39 req/s; 2 000 offers: every
 * request waited 25 s) and PostgreSQL holds every offer's row lock. An offer costs two statements
 * of its own (its link, its mail), 2.5 to 5 ms on the embedded database of a busy 2-core machine:
 * fifty make a batch of 0.13 to 0.25 s, and a request waited at worst about two (0.24 to 0.66 s
 * with 2 000 offers to ask; a hundred per batch: 0.56 s on the quietest run).
 */
export const OFFER_CHECK_BATCH = 50;

const DAY_MS = 24 * 3600_000;
/** One pass at a time across every server process; PGlite runs the same SQL. */
const OFFER_CHECK_LOCK = sql`hashtext('guichet:offer-check')`;
const JOB = 'offer-check';

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

/** Where a pass stands: the last offer id each step handled. Its next batch reads on from there
 * instead of walking again past the offers already handled. */
type Cursor = { expired: number; asked: number };

/**
 * Runs the check as of `now`, in batches of `batchSize` offers, each its own transaction under the
 * advisory lock: between two batches other requests go through. Expired offers first: an offer
 * asked in this pass is never expired by it. 'busy': another process holds the lock at the start
 * (met at a later batch, that process has taken the pass over: this one stops with what it did).
 *
 * With `day`, the daily job's run: 'done' when that day is already claimed. The day is claimed with
 * the last batch, not the first: a process that dies mid-pass leaves it unclaimed, and the next
 * hourly check finishes the pass (every step is idempotent: a handled offer no longer matches). The
 * price: a second process starting between two batches shares the remaining batches with the first
 * (still one batch at a time, each offer handled once).
 */
export async function runOfferCheck(
  deps: OfferCheckDeps,
  now: Date,
  day?: string,
): Promise<OfferCheckCounts | 'busy' | 'done'> {
  const size = deps.batchSize ?? OFFER_CHECK_BATCH;
  const total: OfferCheckCounts = { relances: 0, expirees: 0 };
  const cursor: Cursor = { expired: 0, asked: 0 };
  let woken = false;
  for (let first = true; ; first = false) {
    const batch = await deps.db.transaction(async (tx) => {
      const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${OFFER_CHECK_LOCK}) as ok`)) as unknown as {
        rows: { ok: boolean }[];
      };
      if (res.rows[0]?.ok !== true) return 'busy' as const;
      // Read under the lock: a claim is only written under it, so none is pending.
      if (first && day && (await dayClaimed(tx, JOB, day))) return 'done' as const;
      const expirees = await expireUnanswered(tx, deps, now, cursor, size);
      const relances = expirees < size ? await askStillAvailable(tx, deps, now, cursor, size - expirees) : 0;
      // Short: both steps ran out of offers. (Another process may have claimed the day meanwhile
      // after sharing the pass: its claim stands.)
      const last = expirees + relances < size;
      if (last && day) await claimDay(tx, JOB, day);
      return { expirees, relances, last };
    });
    if (batch === 'busy' || batch === 'done') return first ? batch : total;
    total.expirees += batch.expirees;
    total.relances += batch.relances;
    // Mail starts leaving while the pass goes on.
    if (!woken && batch.expirees + batch.relances > 0) {
      deps.mail.wake();
      woken = true;
    }
    if (batch.last) return total;
    // PGlite runs in this thread and answers through promises alone: without a turn of the event
    // loop, the next batch would start before any request waiting on a socket is even read.
    await nextTurn();
  }
}

async function askStillAvailable(
  tx: DbOrTx,
  deps: OfferCheckDeps,
  now: Date,
  cursor: Cursor,
  limit: number,
): Promise<number> {
  const due = await tx
    .select(landlord)
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.statutId, STATUT.valide),
        isNull(inscriptions.dateRelance),
        lt(landlord.confirmee, new Date(now.getTime() - deps.checkDays * DAY_MS)),
        gt(inscriptions.id, cursor.asked),
      ),
    )
    .orderBy(asc(inscriptions.id))
    .limit(limit)
    .for('update');
  if (due.length === 0) return 0;
  // One statement each for the whole batch: on the embedded database every statement counts.
  const ids = due.map((o) => o.id);
  cursor.asked = ids[ids.length - 1];
  const params = await referenceRepository.params(tx);
  const deadline = new Date(now.getTime() + deps.graceDays * DAY_MS);
  await tx.update(inscriptions).set({ dateRelance: now }).where(inArray(inscriptions.id, ids));
  await tx
    .insert(inscriptionEvenements)
    .values(ids.map((id) => ({ inscriptionId: id, date: now, type: 'relance' as const })));
  for (const offer of due) {
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

async function expireUnanswered(
  tx: DbOrTx,
  deps: OfferCheckDeps,
  now: Date,
  cursor: Cursor,
  limit: number,
): Promise<number> {
  const expired = await tx
    .select(landlord)
    .from(inscriptions)
    .where(
      and(
        eq(inscriptions.statutId, STATUT.valide),
        isNotNull(inscriptions.dateRelance),
        lt(inscriptions.dateRelance, new Date(now.getTime() - deps.graceDays * DAY_MS)),
        gt(inscriptions.id, cursor.expired),
      ),
    )
    .orderBy(asc(inscriptions.id))
    .limit(limit)
    .for('update');
  if (expired.length === 0) return 0;
  const ids = expired.map((o) => o.id);
  cursor.expired = ids[ids.length - 1];
  const params = await referenceRepository.params(tx);
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
    .where(inArray(inscriptions.id, ids));
  await tx.insert(inscriptionEvenements).values(
    expired.map((o) => ({
      inscriptionId: o.id,
      date: now,
      type: 'expiree' as const,
      detail: `Sans réponse au courriel du ${formatDate(o.dateRelance)}`,
    })),
  );
  for (const offer of expired) {
    const asked = formatDate(offer.dateRelance);
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
