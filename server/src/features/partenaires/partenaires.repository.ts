import {
  type PartenaireAdmin,
  type PartenaireData,
  type PartenaireFields,
  type PartenaireListFilter,
  type PartenairePublic,
  type PartenaireType,
  type RenouvellementEtat,
  STATUT,
} from '@guichet/contract';
import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  containsText,
  type ListDefinition,
  type ListFields,
  type ListParams,
  type ListRow,
  onParisDay,
  runList,
  streamList,
} from '../../platform/list-query.ts';
import { categorieIdsMatching, referenceLabels, statutIdsMatching } from '../reference/reference.repository.ts';
import { partenaireWaitingMoreThan, partenaireWaitingSince } from './partenaires.stats.repository.ts';
import { partenaires } from './partenaires.tables.ts';

const p = partenaires;
const { statut, categorie, filtre } = referenceLabels;

/**
 * The partner's version (decisions §6.1): a digest of its whole row. Derived from what is stored, it
 * changes with any column, written by any path (staff, renewal link, job), and a column added later
 * is covered without anyone remembering to bump a counter.
 */
const partenaireVersion = sql<string>`md5(${p}::text)`;

/** A renewal link ends with a refusal or an archiving: only a pending or validated partner can use it. */
const linkUsable = notInArray(p.statutId, [STATUT.refuse, STATUT.archive]);

/** The partner's own fields (the form's), selected by their API names. */
const dataFields = {
  nom: p.nom,
  lien: p.lien,
  lienOffres: p.lienOffres,
  presentation: p.presentation,
  logo: p.logo,
  nomComplet: p.nomComplet,
  adresse: p.adresse,
  cp: p.cp,
  ville: p.ville,
  telephone: p.telephone,
  mail: p.mail,
  civiliteR: p.civiliteR,
  nomR: p.nomR,
  prenomR: p.prenomR,
  fonctionR: p.fonctionR,
  telephoneR: p.telephoneR,
  mailR: p.mailR,
};

/** Public visibility (docs/spec/decisions.md §2): validated and active. */
const isPublic = and(eq(p.statutId, STATUT.valide), eq(p.actif, true));

/** Calendar year in Europe/Paris, as a range so the date index can serve it. */
function inYear(column: typeof p.date | typeof p.dateLastUpdate, year: number): SQL {
  return sql`(${column} at time zone 'Europe/Paris') >= ${`${year}-01-01`}::timestamp and (${column} at time zone 'Europe/Paris') < ${`${year + 1}-01-01`}::timestamp`;
}

/** The answer to the last renewal mail (contract RENOUVELLEMENT_ETATS): recorded, else mailed or never. */
const renouvellement = sql<RenouvellementEtat>`(case when ${p.renouvellementReponse} is not null then ${p.renouvellementReponse} when ${p.tokenHash} is not null then 'sansReponse' else 'jamais' end)`;
function renouvellementIs(etat: RenouvellementEtat): SQL | undefined {
  if (etat === 'confirme' || etat === 'modifie') return eq(p.renouvellementReponse, etat);
  return and(isNull(p.renouvellementReponse), etat === 'sansReponse' ? isNotNull(p.tokenHash) : isNull(p.tokenHash));
}

/** The list's own filters plus `annee` (docs/spec/decisions.md §3), which is not a column filter but shapes the list. */
export type PartenairesListFilter = PartenaireListFilter & { annee?: number };

const listFields = {
  id: p.id,
  tempdata: sql<boolean>`(${p.tempdata} is not null)`,
  token: sql<boolean>`(${p.tokenHash} is not null)`,
  renouvellement,
  date: p.date,
  dateLastUpdate: p.dateLastUpdate,
  nom: p.nom,
  lien: p.lien,
  categorie: categorie.libelle,
  idCategorie: p.categorieId,
  statut: statut.libelle,
  idStatut: p.statutId,
  actif: p.actif,
  enAttenteDepuis: partenaireWaitingSince,
};
const exportFields = {
  ...listFields,
  ...dataFields,
  typePartenaire: p.typePartenaire,
  filtre: filtre.libelle,
};
export type PartenaireExportRow = ListRow<typeof exportFields>;

/** A partner with its status, category and filter labels (the category and filter may be missing). */
const withLabels = (db: DbOrTx, fields: ListFields) =>
  filtre.join(categorie.join(statut.join(db.select(fields).from(p).$dynamic(), p.statutId), p.categorieId), p.filtreId);

const base = {
  from: withLabels,
  columns: {
    tempdata: sql`(${p.tempdata} is not null)`,
    token: sql`(${p.tokenHash} is not null)`,
    date: p.date,
    dateLastUpdate: p.dateLastUpdate,
    nom: p.nom,
    lien: p.lien,
    categorie: categorie.libelle,
    statut: p.statutId,
    actif: p.actif,
  },
  defaultSort: { name: 'date', direction: 'desc' as const },
  // The stored search text (nom, site); category and status labels through their ids.
  searchIn: { stored: p.recherche, trigrams: 'partenaires_recherche_trigrammes' },
  searchAlso: async (db: DbOrTx, term: string) => {
    const categorieIds = await categorieIdsMatching(db, term);
    const statutIds = statutIdsMatching(term);
    return or(
      categorieIds.length ? inArray(p.categorieId, categorieIds) : undefined,
      statutIds.length ? inArray(p.statutId, statutIds) : undefined,
    );
  },
  filters: (f: PartenairesListFilter) => [
    f.tempdata === undefined ? undefined : f.tempdata ? isNotNull(p.tempdata) : isNull(p.tempdata),
    f.token === undefined ? undefined : f.token ? isNotNull(p.tokenHash) : isNull(p.tokenHash),
    f.renouvellement ? renouvellementIs(f.renouvellement) : undefined,
    f.date ? onParisDay(p.date, f.date) : undefined,
    f.nom ? containsText([p.nom], f.nom) : undefined,
    f.categorie?.length ? inArray(p.categorieId, f.categorie) : undefined,
    f.statut?.length ? inArray(p.statutId, f.statut) : undefined,
    f.attente ? partenaireWaitingMoreThan(f.attente) : undefined,
    f.actif === undefined ? undefined : eq(p.actif, f.actif),
    f.annee ? or(inYear(p.date, f.annee), inYear(p.dateLastUpdate, f.annee)) : undefined,
  ],
  id: p.id,
};
export const partenairesList: ListDefinition<typeof listFields, PartenairesListFilter> = {
  ...base,
  fields: listFields,
};
const partenairesExport: ListDefinition<typeof exportFields, PartenairesListFilter> = {
  ...base,
  fields: exportFields,
};
/** The renewal campaign's batches: the list's matches by increasing id, after a cursor. */
const campaignIds: ListDefinition<{ id: typeof p.id }, PartenairesListFilter & { apres: number }> = {
  ...base,
  fields: { id: p.id },
  columns: { id: p.id },
  defaultSort: { name: 'id', direction: 'asc' },
  filters: (f) => [...base.filters(f), f.apres > 0 ? gt(p.id, f.apres) : undefined],
};

/** Those of the campaign's matches that get the mail (sendRenewalBatch's rule): validated, no pending proposal. */
const campaignRecipients: typeof campaignIds = {
  ...campaignIds,
  filters: (f) => [...campaignIds.filters(f), eq(p.statutId, STATUT.valide), isNull(p.tempdata)],
};

/** What the renewal and review rules need to know about a locked partner. */
export type PartenaireState = {
  id: number;
  nom: string;
  mail: string;
  mailR: string;
  civiliteR: string;
  nomR: string;
  statutId: number;
  tempdata: PartenaireData | null;
  /** Read with the lock: the version checked is the one the action changes. */
  version: string;
};

export type AdminWrite = PartenaireFields & {
  statut: number;
  actif: boolean;
  categorie: number | null;
  filtre: number | null;
};

export const partenairesRepository = {
  async add(db: DbOrTx, fields: PartenaireFields, typePartenaire: PartenaireType): Promise<number> {
    const [row] = await db
      .insert(p)
      .values({ ...fields, typePartenaire, statutId: STATUT.enAttente, actif: false, date: new Date() })
      .returning({ id: p.id });
    return row.id;
  },

  /** The public directory: only public fields leave this function. */
  publicList(db: DbOrTx, filtreIds?: number[]): Promise<PartenairePublic[]> {
    return db
      .select({
        id: p.id,
        nom: p.nom,
        lien: p.lien,
        lienOffres: p.lienOffres,
        presentation: p.presentation,
        logo: p.logo,
        idCategorie: p.categorieId,
      })
      .from(p)
      .where(and(isPublic, filtreIds?.length ? inArray(p.filtreId, filtreIds) : undefined))
      .orderBy(asc(sql`immutable_unaccent(lower(${p.nom}))`), asc(p.id));
  },

  /** The partner whose link this is, if the link was mailed on or after `sentSince` (expiry). */
  async findByTokenHash(db: DbOrTx, tokenHash: string, sentSince: Date) {
    const [row] = await db
      .select({ id: p.id, ...dataFields })
      .from(p)
      .where(and(eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince), linkUsable));
    return row;
  },

  /** Confirms unchanged and uses the token up, in one statement: a link works once. */
  async confirmWithToken(db: DbOrTx, id: number, tokenHash: string, sentSince: Date): Promise<boolean> {
    const rows = await db
      .update(p)
      .set({
        dateLastUpdate: new Date(),
        tokenHash: null,
        tokenSentAt: null,
        renouvellementReponse: 'confirme',
        renouvellementReponduLe: new Date(),
      })
      .where(and(eq(p.id, id), eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince), linkUsable))
      .returning({ id: p.id });
    return rows.length > 0;
  },

  /** Stores the proposal for review and uses the token up, in one statement. */
  async proposeWithToken(
    db: DbOrTx,
    id: number,
    tokenHash: string,
    sentSince: Date,
    data: PartenaireFields,
  ): Promise<boolean> {
    const rows = await db
      .update(p)
      .set({
        tempdata: data,
        tokenHash: null,
        tokenSentAt: null,
        renouvellementReponse: 'modifie',
        renouvellementReponduLe: new Date(),
      })
      .where(and(eq(p.id, id), eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince), linkUsable))
      .returning({ id: p.id });
    return rows.length > 0;
  },

  async findAdmin(db: DbOrTx, id: number): Promise<PartenaireAdmin | undefined> {
    const query = db
      .select({
        id: p.id,
        date: p.date,
        dateLastUpdate: p.dateLastUpdate,
        typePartenaire: p.typePartenaire,
        ...dataFields,
        statut: statut.libelle,
        idStatut: p.statutId,
        categorie: categorie.libelle,
        idCategorie: p.categorieId,
        filtreId: p.filtreId,
        filtreTag: filtre.libelle,
        actif: p.actif,
        tokenHash: p.tokenHash,
        tokenSentAt: p.tokenSentAt,
        tempdata: p.tempdata,
        version: partenaireVersion,
      })
      .from(p)
      .$dynamic();
    const [r] = await filtre
      .join(categorie.join(statut.join(query, p.statutId), p.categorieId), p.filtreId)
      .where(eq(p.id, id));
    if (!r) return undefined;
    const { filtreId, filtreTag, tokenHash, tempdata, ...rest } = r;
    return {
      ...rest,
      filtre: filtreId !== null && filtreTag !== null ? { id: filtreId, tag: filtreTag } : null,
      token: tokenHash !== null,
      tempdata: (tempdata as PartenaireData | null) ?? null,
    };
  },

  /** Locks the row for the rest of the transaction: a review and a renewal never interleave. */
  async lock(tx: DbOrTx, id: number): Promise<PartenaireState | undefined> {
    const [row] = await tx
      .select({
        id: p.id,
        nom: p.nom,
        mail: p.mail,
        mailR: p.mailR,
        civiliteR: p.civiliteR,
        nomR: p.nomR,
        statutId: p.statutId,
        tempdata: p.tempdata,
        version: partenaireVersion,
      })
      .from(p)
      .where(eq(p.id, id))
      .for('update');
    return row && { ...row, tempdata: (row.tempdata as PartenaireData | null) ?? null };
  },

  /**
   * The partners a new link may be mailed to at this address (contact or representative): published
   * or waiting for validation, without changes waiting for review; locked for the caller's transaction.
   */
  async linkableByEmail(tx: DbOrTx, email: string): Promise<{ id: number; nom: string }[]> {
    return tx
      .select({ id: p.id, nom: p.nom })
      .from(p)
      .where(
        and(
          or(sql`lower(${p.mail}) = ${email}`, sql`lower(${p.mailR}) = ${email}`),
          inArray(p.statutId, [STATUT.enAttente, STATUT.valide]),
          isNull(p.tempdata),
        ),
      )
      .orderBy(asc(p.id))
      .for('update');
  },

  /** Requests for one address wait for each other until the caller's transaction ends (a daily limit holds). */
  async lockAddress(tx: DbOrTx, email: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guichet:partenaire-lien:${email}`}))`);
  },

  /** A new renewal mail: its token, and no answer to it yet. */
  async setToken(tx: DbOrTx, id: number, tokenHash: string): Promise<void> {
    await tx
      .update(p)
      .set({ tokenHash, tokenSentAt: new Date(), renouvellementReponse: null, renouvellementReponduLe: null })
      .where(eq(p.id, id));
  },

  async updateAdmin(tx: DbOrTx, id: number, w: AdminWrite): Promise<void> {
    const { statut, actif, categorie, filtre, ...fields } = w;
    // Refused or archived: the renewal link ends, so the partner can no longer propose changes
    // that would block staff and keep the record from the retention purge.
    const closed = statut === STATUT.refuse || statut === STATUT.archive;
    await tx
      .update(p)
      .set({
        ...fields,
        statutId: statut,
        actif,
        categorieId: categorie,
        filtreId: filtre,
        ...(closed ? { tokenHash: null, tokenSentAt: null } : {}),
      })
      .where(eq(p.id, id));
  },

  /** Applies the reviewed proposal: the fields, a new last-update date, no proposal left. */
  async applyProposal(tx: DbOrTx, id: number, fields: PartenaireFields): Promise<void> {
    await tx
      .update(p)
      .set({ ...fields, dateLastUpdate: new Date(), tempdata: null })
      .where(eq(p.id, id));
  },

  async dropProposal(tx: DbOrTx, id: number): Promise<void> {
    await tx.update(p).set({ tempdata: null }).where(eq(p.id, id));
  },

  /**
   * Retention: refused partners (statut 3) whose last recorded change — registration, confirmed
   * update or renewal mail — is before `before`. A pending proposal keeps the partner until staff
   * review it. Returns how many went and the logos they used, for the logos feature to delete
   * those nothing else uses (in the same transaction).
   */
  async purgeRefused(db: DbOrTx, before: Date): Promise<{ partenaires: number; logos: string[] }> {
    const deleted = await db
      .delete(p)
      .where(
        and(
          eq(p.statutId, STATUT.refuse),
          isNull(p.tempdata),
          sql`greatest(${p.date}, ${p.dateLastUpdate}, ${p.tokenSentAt}) < ${before.toISOString()}::timestamptz`,
        ),
      )
      .returning({ logo: p.logo });
    return { partenaires: deleted.length, logos: [...new Set(deleted.map((r) => r.logo))] };
  },

  /**
   * Whether a partner or a pending proposal uses the logo named by `name` (a column of the caller's
   * query): what makes a logo an orphan is this feature's knowledge, the logos feature asks for it.
   */
  usesLogo: (db: DbOrTx, name: SQLWrapper): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(p)
        .where(or(eq(p.logo, name), sql`${p.tempdata}->>'logo' = ${name}`)),
    ),

  list: (db: DbOrTx, params: ListParams<PartenairesListFilter>) => runList(db, partenairesList, params),
  /** The next `limit` partners matching the list after id `apres`, and how many match beyond them. */
  async campaignBatch(
    db: DbOrTx,
    params: { search: string; filter: PartenairesListFilter },
    apres: number,
    limit: number,
  ): Promise<{ ids: number[]; restants: number }> {
    const { count, rows } = await runList(db, campaignIds, {
      search: params.search,
      filter: { ...params.filter, apres },
      page: 0,
      rowsPerPage: limit,
    });
    return { ids: rows.map((r) => r.id), restants: count - rows.length };
  },
  /** The campaign's confirmation: the list's matches, and those of them that would get the mail. */
  async campaignPreview(
    db: DbOrTx,
    params: { search: string; filter: PartenairesListFilter },
  ): Promise<{ partenaires: number; courriels: number }> {
    const query = { search: params.search, filter: { ...params.filter, apres: 0 }, page: 0, rowsPerPage: 1 };
    const [all, recipients] = await Promise.all([
      runList(db, campaignIds, query),
      runList(db, campaignRecipients, query),
    ]);
    return { partenaires: all.count, courriels: recipients.count };
  },
  exportRows: (db: DbOrTx, params: Omit<ListParams<PartenairesListFilter>, 'page' | 'rowsPerPage'>) =>
    streamList(db, partenairesExport, params),
};
