import {
  type PartenaireAdmin,
  type PartenaireData,
  type PartenaireFields,
  type PartenaireListItem,
  type PartenairePublic,
  type PartenaireType,
  STATUT,
} from '@guichet/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, filtres, partenaires, statuts } from '../../db/schema.ts';
import {
  containsText,
  type ListDefinition,
  type ListParams,
  onParisDay,
  runList,
  streamList,
} from '../../platform/list-query.ts';
import { categorieIdsMatching, statutIdsMatching } from '../reference/reference.repository.ts';
import { logosRepository } from './logos.repository.ts';

const p = partenaires;

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

/** Public visibility (decisions §2): validated and active. */
const isPublic = and(eq(p.statutId, STATUT.valide), eq(p.actif, true));

/** Calendar year in Europe/Paris, as a range so the date index can serve it. */
function inYear(column: typeof p.date | typeof p.dateLastUpdate, year: number): SQL {
  return sql`(${column} at time zone 'Europe/Paris') >= ${`${year}-01-01`}::timestamp and (${column} at time zone 'Europe/Paris') < ${`${year + 1}-01-01`}::timestamp`;
}

export type PartenairesFilter = {
  tempdata?: boolean;
  token?: boolean;
  date?: string;
  nom?: string;
  categorie?: number[];
  statut?: number[];
  actif?: boolean;
};
/** The list's own filters plus `annee` (decisions §3), which is not a column filter but shapes the list. */
export type PartenairesListFilter = PartenairesFilter & { annee?: number };

const listFields = {
  id: p.id,
  tempdata: sql<boolean>`(${p.tempdata} is not null)`,
  token: sql<boolean>`(${p.tokenHash} is not null)`,
  date: p.date,
  dateLastUpdate: p.dateLastUpdate,
  nom: p.nom,
  lien: p.lien,
  categorie: categories.libelle,
  idCategorie: p.categorieId,
  statut: statuts.libelle,
  idStatut: p.statutId,
  actif: p.actif,
};
const exportFields = {
  ...listFields,
  ...dataFields,
  typePartenaire: p.typePartenaire,
  filtre: filtres.libelle,
};
export type PartenaireExportRow = PartenaireListItem &
  PartenaireData & { typePartenaire: string; filtre: string | null };

const base = {
  from: (db: DbOrTx, fields: Record<string, unknown>) =>
    db
      .select(fields as typeof listFields)
      .from(p)
      .innerJoin(statuts, eq(statuts.id, p.statutId))
      .leftJoin(categories, eq(categories.id, p.categorieId))
      .leftJoin(filtres, eq(filtres.id, p.filtreId))
      .$dynamic(),
  columns: {
    tempdata: sql`(${p.tempdata} is not null)`,
    token: sql`(${p.tokenHash} is not null)`,
    date: p.date,
    dateLastUpdate: p.dateLastUpdate,
    nom: p.nom,
    lien: p.lien,
    categorie: categories.libelle,
    statut: p.statutId,
    actif: p.actif,
  },
  defaultSort: { name: 'date', direction: 'desc' as const },
  // The stored search text (nom, site); category and status labels through their ids.
  searchIn: { stored: p.recherche },
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
    f.date ? onParisDay(p.date, f.date) : undefined,
    f.nom ? containsText([p.nom], f.nom) : undefined,
    f.categorie?.length ? inArray(p.categorieId, f.categorie) : undefined,
    f.statut?.length ? inArray(p.statutId, f.statut) : undefined,
    f.actif === undefined ? undefined : eq(p.actif, f.actif),
    f.annee ? or(inYear(p.date, f.annee), inYear(p.dateLastUpdate, f.annee)) : undefined,
  ],
  id: p.id,
};
export const partenairesList = { ...base, fields: listFields } as unknown as ListDefinition<
  PartenaireListItem,
  PartenairesListFilter
>;
const partenairesExport = { ...base, fields: exportFields } as unknown as ListDefinition<
  PartenaireExportRow,
  PartenairesListFilter
>;

/** What the renewal and review rules need to know about a locked partner. */
export type PartenaireState = {
  id: number;
  nom: string;
  mail: string;
  mailR: string;
  civiliteR: string;
  nomR: string;
  tempdata: PartenaireData | null;
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
      .where(and(eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince)));
    return row;
  },

  /** Confirms unchanged and uses the token up, in one statement: a link works once. */
  async confirmWithToken(db: DbOrTx, id: number, tokenHash: string, sentSince: Date): Promise<boolean> {
    const rows = await db
      .update(p)
      .set({ dateLastUpdate: new Date(), tokenHash: null, tokenSentAt: null })
      .where(and(eq(p.id, id), eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince)))
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
      .set({ tempdata: data, tokenHash: null, tokenSentAt: null })
      .where(and(eq(p.id, id), eq(p.tokenHash, tokenHash), gte(p.tokenSentAt, sentSince)))
      .returning({ id: p.id });
    return rows.length > 0;
  },

  async findAdmin(db: DbOrTx, id: number): Promise<PartenaireAdmin | undefined> {
    const [r] = await db
      .select({
        id: p.id,
        date: p.date,
        dateLastUpdate: p.dateLastUpdate,
        typePartenaire: p.typePartenaire,
        ...dataFields,
        statut: statuts.libelle,
        idStatut: p.statutId,
        categorie: categories.libelle,
        idCategorie: p.categorieId,
        filtreId: p.filtreId,
        filtreTag: filtres.libelle,
        actif: p.actif,
        tokenHash: p.tokenHash,
        tokenSentAt: p.tokenSentAt,
        tempdata: p.tempdata,
      })
      .from(p)
      .innerJoin(statuts, eq(statuts.id, p.statutId))
      .leftJoin(categories, eq(categories.id, p.categorieId))
      .leftJoin(filtres, eq(filtres.id, p.filtreId))
      .where(eq(p.id, id));
    if (!r) return undefined;
    const { filtreId, filtreTag, tokenHash, tempdata, ...rest } = r;
    return {
      ...rest,
      typePartenaire: rest.typePartenaire as PartenaireType,
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
        tempdata: p.tempdata,
      })
      .from(p)
      .where(eq(p.id, id))
      .for('update');
    return row && { ...row, tempdata: (row.tempdata as PartenaireData | null) ?? null };
  },

  async setToken(tx: DbOrTx, id: number, tokenHash: string): Promise<void> {
    await tx.update(p).set({ tokenHash, tokenSentAt: new Date() }).where(eq(p.id, id));
  },

  async updateAdmin(tx: DbOrTx, id: number, w: AdminWrite): Promise<void> {
    const { statut, actif, categorie, filtre, ...fields } = w;
    await tx
      .update(p)
      .set({ ...fields, statutId: statut, actif, categorieId: categorie, filtreId: filtre })
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

  async categorieExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    return !!row;
  },
  async filtreExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: filtres.id }).from(filtres).where(eq(filtres.id, id));
    return !!row;
  },

  /**
   * Retention: refused partners (statut 3) whose last recorded change — registration, confirmed
   * update or renewal mail — is before `before`, with their logos once nothing else uses them.
   * A pending proposal keeps the partner until staff review it. Call it inside a transaction.
   */
  async purgeRefused(db: DbOrTx, before: Date): Promise<{ partenaires: number; logos: number }> {
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
    const names = [...new Set(deleted.map((r) => r.logo))];
    return { partenaires: deleted.length, logos: await logosRepository.deleteUnused(db, names) };
  },

  list: (db: DbOrTx, params: ListParams<PartenairesListFilter>) => runList(db, partenairesList, params),
  exportRows: (db: DbOrTx, params: Omit<ListParams<PartenairesListFilter>, 'page' | 'rowsPerPage'>) =>
    streamList(db, partenairesExport, params),
};
