import {
  type InscriptionDetail,
  type InscriptionEvenement,
  type InscriptionListFilter,
  type InscriptionModification,
  type Logement,
  type LogementStored,
  PROXIMITES,
  type Proprietaire,
  type ProprietaireStored,
  STATUT,
} from '@guichet/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  COUNT_CAP,
  containsText,
  type ListDefinition,
  type ListFields,
  type ListParams,
  onParisDay,
  runList,
  streamList,
} from '../../platform/list-query.ts';
import { waitingMoreThan } from '../../platform/weekly.ts';
import { referenceLabels } from '../reference/reference.repository.ts';
import { inscriptionEvenements, inscriptions, inscriptionsRecherche } from './inscriptions.tables.ts';

const statut = referenceLabels.statut;

/**
 * The offer's version (decisions §6.1): a digest of its whole row. Derived from what is stored, it
 * changes with any column, written by any path (staff, landlord link, job), and a column added later
 * is covered without anyone remembering to bump a counter.
 */
export const inscriptionVersion = sql<string>`md5(${inscriptions}::text)`;

/** Every owner and housing field of a stored registration, flat, as the export and the PDF use it. */
const offerFields = {
  id: inscriptions.id,
  date: inscriptions.date,
  idStatut: inscriptions.statutId,
  statut: statut.libelle,
  nom: inscriptions.nom,
  prenom: inscriptions.prenom,
  telephone: inscriptions.telephone,
  email: inscriptions.email,
  adresse: inscriptions.adresse,
  cp: inscriptions.cp,
  ville: inscriptions.ville,
  proximite: inscriptions.proximite,
  type: inscriptions.type,
  colocation: inscriptions.colocation,
  immeuble: inscriptions.immeuble,
  etage: inscriptions.etage,
  surface: inscriptions.surface,
  chauffage: inscriptions.chauffage,
  loyer: inscriptions.loyer,
  charges: inscriptions.charges,
  equipement: inscriptions.equipement,
  infoLogement: inscriptions.infoLogement,
  ascenceur: inscriptions.ascenceur,
  parking: inscriptions.parking,
  typeParking: inscriptions.typeParking,
  localVelo: inscriptions.localVelo,
  caf: inscriptions.caf,
};

/** A stored registration, flat: `charges` is the numeric column's text (e.g. "45.50"). */
export type Offer = { id: number; date: Date; idStatut: number; statut: string } & ProprietaireStored & LogementStored;

/** Sectors in the order of the wizard (docs/spec/portal-spec.md §3), not alphabetical: "Autres" comes last. */
const proximiteRank = sql`array_position(array[${sql.join(
  PROXIMITES.map((p) => sql`${p}`),
  sql`, `,
)}]::text[], ${inscriptions.proximite}::text)`;

/**
 * When an offer was last said to be available: the landlord's « Toujours disponible », else staff's
 * validation, else its deposit (a row set to statut 2 before dates were kept, e.g. seeded data).
 */
export const lastConfirmation =
  sql<Date>`coalesce(${inscriptions.dateConfirmation}, ${inscriptions.dateValidation}, ${inscriptions.date})`.mapWith(
    inscriptions.date,
  );

/** A validated offer with the date it was last confirmed, as the housing list prints it. */
export type ValidatedOffer = Offer & { dateConfirmation: Date };

/**
 * Every validated offer (statut 2), grouped by sector in the wizard's order, newest first within a
 * sector: the list mailed to students (the student-requests feature builds its PDF from it).
 */
export async function validatedOffers(db: DbOrTx): Promise<ValidatedOffer[]> {
  const query = db
    .select({ ...offerFields, dateConfirmation: lastConfirmation })
    .from(inscriptions)
    .$dynamic();
  return statut
    .join(query, inscriptions.statutId)
    .where(eq(inscriptions.statutId, STATUT.valide))
    .orderBy(asc(proximiteRank), asc(inscriptions.proximite), desc(inscriptions.date), desc(inscriptions.id));
}

/** The landlord's changes await staff review. */
const hasTempdata = sql<boolean>`(${inscriptions.tempdata} is not null)`;

const listFields = {
  id: inscriptions.id,
  date: inscriptions.date,
  dateConfirmation: lastConfirmation,
  nom: inscriptions.nom,
  prenom: inscriptions.prenom,
  adresse: inscriptions.adresse,
  cp: inscriptions.cp,
  ville: inscriptions.ville,
  telephone: inscriptions.telephone,
  email: inscriptions.email,
  idStatut: inscriptions.statutId,
  statut: statut.libelle,
  tempdata: hasTempdata,
};

/** « À confirmer »: a validated offer whose check mail awaits an answer; « Expirée »: archived for want of one. */
const verificationFilter = {
  a_confirmer: and(eq(inscriptions.statutId, STATUT.valide), isNotNull(inscriptions.dateRelance)),
  expiree: and(eq(inscriptions.statutId, STATUT.archive), eq(inscriptions.motifArchivage, 'expiree')),
};

const base = {
  from: (db: DbOrTx, fields: ListFields) =>
    statut.join(db.select(fields).from(inscriptions).$dynamic(), inscriptions.statutId),
  columns: {
    date: inscriptions.date,
    dateConfirmation: lastConfirmation,
    nom: inscriptions.nom,
    prenom: inscriptions.prenom,
    telephone: inscriptions.telephone,
    email: inscriptions.email,
    adresse: inscriptions.adresse,
    statut: inscriptions.statutId,
  },
  defaultSort: { name: 'date', direction: 'desc' as const },
  // The stored search text of the row: nom, prénom, téléphone, email, adresse, cp, ville.
  searchIn: {
    stored: inscriptions.recherche,
    copy: inscriptionsRecherche.recherche,
    trigrams: 'inscriptions_recherche_trigrammes',
  },
  filters: (f: InscriptionListFilter) => [
    f.date ? onParisDay(inscriptions.date, f.date) : undefined,
    f.nom ? containsText([inscriptions.nom], f.nom) : undefined,
    // Stored as ten digits: "06 12" or "06.12" typed in the filter looks for "0612".
    f.telephone ? containsText([inscriptions.telephone], f.telephone.replace(/[\s.\-/]/g, '')) : undefined,
    f.email ? containsText([inscriptions.email], f.email) : undefined,
    // The column shows "adresse, cp ville": the filter looks in all three.
    f.adresse ? containsText([inscriptions.adresse, inscriptions.cp, inscriptions.ville], f.adresse) : undefined,
    f.statut?.length ? inArray(inscriptions.statutId, f.statut) : undefined,
    f.attente ? waitingMoreThan(inscriptions.statutId, inscriptions.date, f.attente) : undefined,
    f.verification ? verificationFilter[f.verification] : undefined,
    f.tempdata === undefined
      ? undefined
      : f.tempdata
        ? isNotNull(inscriptions.tempdata)
        : isNull(inscriptions.tempdata),
  ],
  id: inscriptions.id,
};

/** The admin table and its export share everything but the selected fields. */
export const inscriptionsList: ListDefinition<typeof listFields, InscriptionListFilter> = {
  ...base,
  fields: listFields,
  countCap: COUNT_CAP,
};
const exportFields = { ...offerFields, dateConfirmation: lastConfirmation };
/**
 * A row of the CSV export: the whole offer and its last confirmation, as the table shows it. The
 * stream gives an SQL expression's timestamp as the driver's text (no column type to map it).
 */
export type ExportedOffer = Offer & { dateConfirmation: Date | string };
const inscriptionsExport: ListDefinition<typeof exportFields, InscriptionListFilter> = {
  ...base,
  fields: exportFields,
};

/** The landlord's proposal as kept in `tempdata` (see landlord-modification.service.ts): its date travels as a date. */
export const storedModification = (t: Record<string, unknown> | null): InscriptionModification | null =>
  t ? ({ ...t, date: new Date(String(t.date)) } as InscriptionModification) : null;

export const inscriptionsRepository = {
  async add(db: DbOrTx, proprietaire: Proprietaire, logement: Logement, date = new Date()): Promise<number> {
    const [row] = await db
      .insert(inscriptions)
      .values({ ...proprietaire, ...logement, statutId: STATUT.enAttente, date })
      .returning({ id: inscriptions.id });
    return row.id;
  },

  list: (db: DbOrTx, params: ListParams<InscriptionListFilter>) => runList(db, inscriptionsList, params),

  exportRows: (db: DbOrTx, params: Omit<ListParams<InscriptionListFilter>, 'page' | 'rowsPerPage'>) =>
    streamList(db, inscriptionsExport, params),

  async findById(db: DbOrTx, id: number): Promise<Omit<InscriptionDetail, 'historique' | 'doublons'> | undefined> {
    const [r] = await statut
      .join(
        db
          .select({
            ...offerFields,
            dateConfirmation: lastConfirmation,
            motifArchivage: inscriptions.motifArchivage,
            motifArchivageTexte: inscriptions.motifArchivageTexte,
            tempdata: inscriptions.tempdata,
            version: inscriptionVersion,
          })
          .from(inscriptions)
          .$dynamic(),
        inscriptions.statutId,
      )
      .where(eq(inscriptions.id, id));
    if (!r) return undefined;
    return {
      id: r.id,
      date: r.date,
      idStatut: r.idStatut,
      statut: r.statut,
      dateConfirmation: r.dateConfirmation,
      motifArchivage: r.motifArchivage,
      motifArchivageTexte: r.motifArchivageTexte,
      tempdata: storedModification(r.tempdata),
      version: r.version,
      proprietaire: {
        nom: r.nom,
        prenom: r.prenom,
        telephone: r.telephone,
        email: r.email,
        adresse: r.adresse,
        cp: r.cp,
        ville: r.ville,
      },
      logement: {
        proximite: r.proximite,
        type: r.type,
        colocation: r.colocation,
        immeuble: r.immeuble,
        etage: r.etage,
        surface: r.surface,
        chauffage: r.chauffage,
        loyer: r.loyer,
        charges: r.charges,
        equipement: r.equipement,
        infoLogement: r.infoLogement,
        ascenceur: r.ascenceur,
        parking: r.parking,
        typeParking: r.typeParking,
        localVelo: r.localVelo,
        caf: r.caf,
      },
    };
  },

  /**
   * Locks the offer for a staff action and reads its status and version in the same statement: the
   * version checked is the one the action then changes (no other transaction can write in between).
   */
  async lockForStaff(tx: DbOrTx, id: number): Promise<{ statutId: number; version: string } | undefined> {
    const [row] = await tx
      .select({ statutId: inscriptions.statutId, version: inscriptionVersion })
      .from(inscriptions)
      .where(eq(inscriptions.id, id))
      .for('update');
    return row;
  },

  /** The offer's history for staff, oldest first (same instant: in the order it was written). */
  historique: (db: DbOrTx, id: number): Promise<InscriptionEvenement[]> =>
    db
      .select({
        date: inscriptionEvenements.date,
        type: inscriptionEvenements.type,
        detail: inscriptionEvenements.detail,
      })
      .from(inscriptionEvenements)
      .where(eq(inscriptionEvenements.inscriptionId, id))
      .orderBy(asc(inscriptionEvenements.date), asc(inscriptionEvenements.id)),

  /**
   * Sets the status; false when no registration has this id. Setting « Validé », even again,
   * dates the staff's confirmation of the offer (printed in the housing list) and answers a
   * pending « still available? » check.
   */
  async updateStatut(db: DbOrTx, id: number, statutId: number): Promise<boolean> {
    const rows = await db
      .update(inscriptions)
      .set(
        statutId === STATUT.valide
          ? // Validating is also a confirmation: the « still available? » check counts from it anew.
            {
              statutId,
              dateValidation: new Date(),
              dateConfirmation: new Date(),
              dateRelance: null,
              motifArchivage: null,
              motifArchivageTexte: null,
            }
          : statutId === STATUT.refuse || statutId === STATUT.archive
            ? // Off the list: no listed offer left for the landlord's waiting changes to replace.
              { statutId, tempdata: null }
            : { statutId },
      )
      .where(eq(inscriptions.id, id))
      .returning({ id: inscriptions.id });
    return rows.length > 0;
  },

  /**
   * Retention: refused and archived offers (statut 3 and 4) with nothing dated since `before`: neither
   * their deposit (or last resubmission) nor any event of their history (refusal, archival, the
   * landlord's answers). Their links and history go with them. Returns how many went.
   */
  async purgeEnded(db: DbOrTx, before: Date): Promise<number> {
    const recentEvent = db
      .select({ one: sql`1` })
      .from(inscriptionEvenements)
      .where(and(eq(inscriptionEvenements.inscriptionId, inscriptions.id), gte(inscriptionEvenements.date, before)));
    const rows = await db
      .delete(inscriptions)
      .where(
        and(
          inArray(inscriptions.statutId, [STATUT.refuse, STATUT.archive]),
          lt(inscriptions.date, before),
          notExists(recentEvent),
        ),
      )
      .returning({ id: inscriptions.id });
    return rows.length;
  },
};
