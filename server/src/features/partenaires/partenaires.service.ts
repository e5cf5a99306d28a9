import {
  fillPath,
  journalChampLabel,
  PARTENAIRE_MESSAGES as M,
  MESSAGES,
  PARTENAIRE_FIELD_KEYS,
  type PartenaireCampaignPreview,
  type PartenaireCampaignResult,
  type PartenaireFields,
  type PartenaireType,
  pages,
  type partenaireCampaignPreviewQuerySchema,
  type partenaireCampaignSchema,
  RENOUVELLEMENT_CLOS,
  RENOUVELLEMENT_LOT,
  STATUT,
  VERSION_MESSAGES,
} from '@guichet/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { changedValues, type JournalActor, recordJournal } from '../../platform/journal/journal.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { hashToken, linkValidSince, newToken } from '../../platform/tokens.ts';
import { logosRepository } from '../logos/logos.repository.ts';
import { referenceRepository } from '../reference/reference.repository.ts';
import { directoryCache } from './directory-cache.ts';
import { type AdminWrite, type PartenaireState, partenairesRepository as repo } from './partenaires.repository.ts';
import { queueProposalDecision, queuePublication, queueRegistrationReceipt } from './partner-mails.ts';

/**
 * The partner rules (docs/spec/portal-spec.md §4, docs/spec/decisions.md §4) as plain functions: registration, the renewal token's
 * life (mailed, used once to confirm or to propose), and the staff review of a proposal.
 */
/** `linkDays`: how long a renewal link works after it was mailed (PARTNER_LINK_DAYS). */
export type PartenairesDeps = { db: Db; mail: Mailer; linkDays: number };

const introuvableToken = () => notFound(MESSAGES.partenaireIntrouvableToken);
const introuvable = () => notFound(MESSAGES.partenaireIntrouvable);
const conflict = (message: string) => new HttpError(409, message);

/**
 * Locks the partner for a staff action and checks the version the agent read (decisions §6.1): a
 * stale one is a 409 before anything is written, mailed or journaled; without one, as before.
 */
async function lockAtVersion(tx: DbOrTx, id: number, version: string | undefined) {
  const partenaire = await repo.lock(tx, id);
  if (!partenaire) throw introuvable();
  if (version !== undefined && version !== partenaire.version) throw conflict(VERSION_MESSAGES.partenaire);
  return partenaire;
}

/** Logo names pass the contract's pattern; here they must also be stored. */
async function requireLogo(db: Db, fields: PartenaireFields, message: string) {
  if (!(await logosRepository.exists(db, fields.logo))) {
    throw badRequest([{ key: 'logo', error: M.logoInconnu }], message);
  }
}

export async function register(deps: PartenairesDeps, fields: PartenaireFields, type: PartenaireType) {
  await requireLogo(deps.db, fields, MESSAGES.remplirTousLesChamps);
  const id = await deps.db.transaction(async (tx) => {
    const id = await repo.add(tx, fields, type);
    await queueRegistrationReceipt(tx, deps.mail, { id, ...fields });
    return id;
  });
  deps.mail.wake();
  return id;
}

/** The personal link's page: the partner's own fields. An unknown, used or expired token is a 404. */
export async function viewByToken(deps: PartenairesDeps, token: string) {
  const found = await repo.findByTokenHash(deps.db, hashToken(token), linkValidSince(deps.linkDays));
  if (!found) throw introuvableToken();
  return found;
}

export async function confirmUnchanged(deps: PartenairesDeps, id: number, token: string) {
  if (!(await repo.confirmWithToken(deps.db, id, hashToken(token), linkValidSince(deps.linkDays)))) {
    throw introuvableToken();
  }
}

export async function propose(deps: PartenairesDeps, id: number, token: string, fields: PartenaireFields) {
  // The token is checked before the logo, so an id alone learns nothing.
  const since = linkValidSince(deps.linkDays);
  const owner = await repo.findByTokenHash(deps.db, hashToken(token), since);
  if (owner?.id !== id) throw introuvableToken();
  await requireLogo(deps.db, fields, MESSAGES.remplirTousLesChamps);
  if (!(await repo.proposeWithToken(deps.db, id, hashToken(token), since, fields))) throw introuvableToken();
}

/**
 * Stores a new token and queues the mail carrying it in one transaction, then wakes the
 * dispatcher: either both happen or neither. A new mail replaces the previous link.
 */
export async function sendRenewal(deps: PartenairesDeps, actor: JournalActor, id: number, version?: string) {
  await deps.db.transaction(async (tx) => {
    const partenaire = await lockAtVersion(tx, id, version);
    if (partenaire.tempdata) throw conflict(M.modificationsEnAttente);
    if (partenaire.statutId === STATUT.refuse || partenaire.statutId === STATUT.archive) {
      throw conflict(RENOUVELLEMENT_CLOS);
    }
    // The campaign's rule (sendRenewalBatch): only a validated partner is asked to check its entry.
    if (partenaire.statutId !== STATUT.valide) throw conflict(M.renouvellementNonValide);
    await queueRenewal(tx, deps, partenaire);
    await recordJournal(tx, actor, {
      action: 'partenaire.renouvellement',
      entite: 'partenaire',
      entiteId: id,
      resume: `Mail de renouvellement envoyé à « ${partenaire.nom} »`,
    });
  });
  deps.mail.wake();
}

/** A new token for the locked partner and the mail carrying it, in the caller's transaction. */
async function queueRenewal(tx: DbOrTx, deps: PartenairesDeps, partenaire: PartenaireState) {
  const token = newToken();
  await repo.setToken(tx, partenaire.id, hashToken(token));
  const params = await referenceRepository.params(tx);
  const body = deps.mail.render({
    params,
    title: 'Vos informations dans l’annuaire des partenaires',
    paragraphs: [
      `Bonjour ${partenaire.civiliteR} ${partenaire.nomR},`,
      `Comme chaque année, nous vous demandons de vérifier les informations de « ${partenaire.nom} » publiées dans l’annuaire des partenaires du ${params.nomSite}.`,
      `Le lien ci-dessous vous permet de les confirmer telles quelles ou de nous proposer des modifications (y compris votre logo). Ce lien est personnel, ne sert qu’une fois et reste valable ${deps.linkDays} jours : merci de ne pas le transférer.`,
    ],
    link: { label: 'Vérifier mes informations', href: fillPath(pages.updatePartenaire, { token }), personal: true },
  });
  const to = [...new Set([partenaire.mail, partenaire.mailR].map((m) => m.trim().toLowerCase()))].join(', ');
  await deps.mail.enqueue(tx, {
    to,
    subject: `Mise à jour annuelle de vos informations — ${params.nomSite}`,
    ...body,
    kind: 'renouvellement_partenaire',
    entite: 'partenaire',
    entiteId: partenaire.id,
  });
}

export type CampaignCounts = Omit<PartenaireCampaignResult, 'suivant' | 'restants'>;

/**
 * One batch of the renewal campaign (issue 18): each partner in its own short transaction (a
 * failure leaves the mails already queued, and no lock is held across the batch). Only validated
 * partners without a pending proposal get the mail; the others are counted as skipped.
 */
export async function sendRenewalBatch(deps: PartenairesDeps, actor: JournalActor, ids: number[]) {
  const counts: CampaignCounts = { envoyes: 0, modificationsEnAttente: 0, nonValides: 0, introuvables: 0 };
  for (const id of new Set(ids)) {
    const outcome = await deps.db.transaction(async (tx) => {
      const partenaire = await repo.lock(tx, id);
      if (!partenaire) return 'introuvables' as const;
      if (partenaire.tempdata) return 'modificationsEnAttente' as const;
      if (partenaire.statutId !== STATUT.valide) return 'nonValides' as const;
      await queueRenewal(tx, deps, partenaire);
      await recordJournal(tx, actor, {
        action: 'partenaire.renouvellement',
        entite: 'partenaire',
        entiteId: id,
        resume: `Mail de renouvellement envoyé à « ${partenaire.nom} » (campagne)`,
      });
      return 'envoyes' as const;
    });
    counts[outcome]++;
  }
  if (counts.envoyes > 0) deps.mail.wake();
  return counts;
}

/** The campaign's call: the ticked ids, or the next batch of the list's matches. */
export async function renewalCampaign(
  deps: PartenairesDeps,
  actor: JournalActor,
  body: z.output<typeof partenaireCampaignSchema>,
): Promise<PartenaireCampaignResult> {
  if (body.mode === 'ids') return { ...(await sendRenewalBatch(deps, actor, body.ids)), suivant: null, restants: 0 };
  const { annee, filter, search } = body.liste;
  const batch = await repo.campaignBatch(
    deps.db,
    { search, filter: { ...filter, annee } },
    body.apres,
    RENOUVELLEMENT_LOT,
  );
  const counts = await sendRenewalBatch(deps, actor, batch.ids);
  return { ...counts, suivant: batch.restants > 0 ? (batch.ids.at(-1) ?? null) : null, restants: batch.restants };
}

/** Before a campaign on the list's filters: how many partners match, and how many mails would leave. */
export function renewalCampaignPreview(
  deps: PartenairesDeps,
  query: z.output<typeof partenaireCampaignPreviewQuerySchema>,
): Promise<PartenaireCampaignPreview> {
  const { annee, filter, search } = query;
  return repo.campaignPreview(deps.db, { search, filter: { ...filter, annee } });
}

/** Staff edit of a partner; refused while a proposal waits (validating it would overwrite this). */
export async function updateByStaff(
  deps: PartenairesDeps,
  actor: JournalActor,
  id: number,
  write: AdminWrite,
  version?: string,
) {
  const errors = [];
  if (write.categorie !== null && !(await referenceRepository.categorieExists(deps.db, write.categorie)))
    errors.push({ key: 'categorie', error: M.categorieInconnue });
  if (write.filtre !== null && !(await referenceRepository.filtreExists(deps.db, write.filtre)))
    errors.push({ key: 'filtre', error: M.filtreInconnu });
  if (!(await logosRepository.exists(deps.db, write.logo))) errors.push({ key: 'logo', error: M.logoInconnu });
  if (errors.length) throw badRequest(errors, MESSAGES.erreurEnregistrement);
  await deps.db.transaction(async (tx) => {
    const partenaire = await lockAtVersion(tx, id, version);
    if (partenaire.tempdata) throw conflict(M.modificationsEnAttente);
    const before = await journalState(tx, id);
    await repo.updateAdmin(tx, id, write);
    await mailIfPublished(tx, deps, partenaire, before, write);
    const changes = changedValues(before, await journalState(tx, id));
    if (changes) {
      await recordJournal(tx, actor, {
        action: 'partenaire.modification',
        entite: 'partenaire',
        entiteId: id,
        resume: `« ${partenaire.nom} » modifié : ${changedLabels(changes.apres)}`,
        ...changes,
      });
    }
  });
  directoryCache.clear(deps.db);
  deps.mail.wake();
}

/** The partner enters the directory (validated and active, and was not both): it is told so. */
async function mailIfPublished(
  tx: DbOrTx,
  deps: PartenairesDeps,
  partenaire: PartenaireState,
  before: Record<string, unknown>,
  write: AdminWrite,
) {
  const wasPublic = partenaire.statutId === STATUT.valide && before.actif === true;
  if (wasPublic || write.statut !== STATUT.valide || !write.actif) return;
  await queuePublication(tx, deps.mail, { id: partenaire.id, ...write });
}

/** Applies the (possibly edited) proposal, logo included, and closes it: one transaction. */
export async function validateProposal(
  deps: PartenairesDeps,
  actor: JournalActor,
  id: number,
  fields: PartenaireFields,
  version?: string,
) {
  await requireLogo(deps.db, fields, MESSAGES.erreurVerifierSaisie);
  await deps.db.transaction(async (tx) => {
    const partenaire = await lockAtVersion(tx, id, version);
    if (!partenaire.tempdata) throw conflict(M.aucuneModification);
    const before = await journalState(tx, id);
    await repo.applyProposal(tx, id, fields);
    const publie = partenaire.statutId === STATUT.valide && before.actif === true;
    await queueProposalDecision(tx, deps.mail, { id, ...fields }, { validee: true, publie });
    const changes = changedValues(before, await journalState(tx, id));
    await recordJournal(tx, actor, {
      action: 'partenaire.proposition.validee',
      entite: 'partenaire',
      entiteId: id,
      resume: changes
        ? `Modifications de « ${partenaire.nom} » validées : ${changedLabels(changes.apres)}`
        : `Modifications de « ${partenaire.nom} » validées (aucun champ ne change)`,
      ...changes,
    });
  });
  directoryCache.clear(deps.db);
  deps.mail.wake();
}

export async function refuseProposal(deps: PartenairesDeps, actor: JournalActor, id: number, version?: string) {
  await deps.db.transaction(async (tx) => {
    const partenaire = await lockAtVersion(tx, id, version);
    if (!partenaire.tempdata) throw conflict(M.aucuneModification);
    // What the partner proposed and was refused: the fields it would have changed, as they stay.
    const current = await journalState(tx, id);
    const proposed = changedValues(current, { ...current, ...partenaire.tempdata });
    await repo.dropProposal(tx, id);
    await queueProposalDecision(tx, deps.mail, partenaire, { validee: false, publie: false });
    await recordJournal(tx, actor, {
      action: 'partenaire.proposition.refusee',
      entite: 'partenaire',
      entiteId: id,
      resume: proposed
        ? `Modifications de « ${partenaire.nom} » refusées (proposées : ${changedLabels(proposed.apres)})`
        : `Modifications de « ${partenaire.nom} » refusées`,
    });
  });
  deps.mail.wake();
}

/** A partner as the journal records it: its fields, and labels rather than ids. */
async function journalState(tx: DbOrTx, id: number): Promise<Record<string, unknown>> {
  const p = await repo.findAdmin(tx, id);
  if (!p) return {};
  const fields = Object.fromEntries(PARTENAIRE_FIELD_KEYS.map((k) => [k, p[k]]));
  return { ...fields, statut: p.statut, actif: p.actif, categorie: p.categorie, filtre: p.filtre?.tag ?? null };
}

const changedLabels = (values: Record<string, unknown>) =>
  Object.keys(values)
    .map((k) => journalChampLabel(k, 'partenaire'))
    .join(', ');
