import { type EtudiantAction, type etudiantListQuerySchema, STATUT } from '@guichet/contract';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  COUNT_CAP,
  containsText,
  type ListDefinition,
  type ListRow,
  onParisDay,
  runList,
  streamList,
} from '../../platform/list-query.ts';
import { waitingMoreThan } from '../../platform/weekly.ts';
import { referenceLabels, statutIdsMatching } from '../reference/reference.repository.ts';
import { etudiants } from './etudiants.tables.ts';

export type EtudiantListParams = z.output<typeof etudiantListQuerySchema>;
type Filter = EtudiantListParams['filter'];

const rowFields = {
  id: etudiants.id,
  date: etudiants.date,
  email: etudiants.email,
  adresse: etudiants.adresse,
  cp: etudiants.cp,
  ville: etudiants.ville,
  pays: etudiants.pays,
  ecole: etudiants.ecole,
  idStatut: etudiants.statutId,
  statut: referenceLabels.statut.libelle,
};
export type EtudiantRow = ListRow<typeof rowFields>;

/** The table 'Demandes étudiants' and its CSV export: one definition, the same rows. */
export const etudiantsList: ListDefinition<typeof rowFields, Filter> = {
  fields: rowFields,
  // The count query passes its own fields through the same joins.
  from: (db, fields) => referenceLabels.statut.join(db.select(fields).from(etudiants).$dynamic(), etudiants.statutId),
  // The address column shows "cp ville": it sorts by postal code, then city.
  columns: {
    date: etudiants.date,
    email: etudiants.email,
    adresse: sql`${etudiants.cp} || ' ' || ${etudiants.ville}`,
    ecole: etudiants.ecole,
    // Workflow order (En attente, Validé, Refusé, Archivé) rather than alphabetical.
    statut: etudiants.statutId,
  },
  defaultSort: { name: 'date', direction: 'desc' },
  // The stored search text of the row (email, adresse, cp, ville, ecole); the status label through its id.
  searchIn: { stored: etudiants.recherche, trigrams: 'etudiants_recherche_trigrammes' },
  searchAlso: (_db, term) => {
    const ids = statutIdsMatching(term);
    return ids.length ? inArray(etudiants.statutId, ids) : undefined;
  },
  filters: (f) => [
    f.date ? onParisDay(etudiants.date, f.date) : undefined,
    f.email ? containsText([etudiants.email], f.email) : undefined,
    f.ecole ? eq(etudiants.ecole, f.ecole) : undefined,
    f.statut?.length ? inArray(etudiants.statutId, f.statut) : undefined,
    f.attente ? waitingMoreThan(etudiants.statutId, etudiants.date, f.attente) : undefined,
  ],
  id: etudiants.id,
  countCap: COUNT_CAP,
};

export type NewEtudiant = { email: string; adresse: string; cp: string; ville: string; pays: string; ecole: string };

/**
 * The one statement of a new request: inserted unless the address (case-insensitive) has one
 * pending. The status is a literal so the planner matches the partial index's predicate
 * (`etudiants_en_attente_email_idx`, checked by search-indexes.test.ts).
 */
export function insertUnlessPending(e: NewEtudiant) {
  const pending = sql.raw(String(STATUT.enAttente));
  return sql`
    insert into ${etudiants} (email, adresse, cp, ville, pays, ecole, statut_id)
    select ${e.email}, ${e.adresse}, ${e.cp}, ${e.ville}, ${e.pays}, ${e.ecole}, ${pending}
    where not exists (
      select 1 from ${etudiants}
      where lower(${etudiants.email}) = ${e.email.toLowerCase()} and ${etudiants.statutId} = ${pending}
    )
    returning ${etudiants.id}`;
}

/** The status an action sets (docs/spec/portal-spec.md §4). */
export const ACTION_STATUT: Record<EtudiantAction, number> = { valider: STATUT.valide, refuser: STATUT.refuse };

/** The only code that reads and writes the etudiants table. */
export const etudiantsRepository = {
  list: (db: DbOrTx, params: EtudiantListParams) => runList(db, etudiantsList, params),
  exportRows: (db: DbOrTx, params: Omit<EtudiantListParams, 'page' | 'rowsPerPage'>) =>
    streamList(db, etudiantsList, params),

  /**
   * Records a request unless one from the same address (case-insensitive) is still pending.
   * The transaction-scoped advisory lock on the address makes two simultaneous submissions
   * queue up, so the second one sees the first. Either way the work is the same, one
   * `insert … select … where not exists` probing the pending-address index, so the time taken
   * does not tell whether the address already has a request (the answer does not either).
   */
  async addUnlessPending(db: DbOrTx, e: NewEtudiant): Promise<{ created: boolean }> {
    return db.transaction(async (tx) => {
      const email = e.email.toLowerCase();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`etudiant:${email}`}))`);
      const res = (await tx.execute(insertUnlessPending(e))) as unknown as { rows: unknown[] };
      return { created: res.rows.length > 0 };
    });
  },

  /** The selected requests, locked until the end of the caller's transaction. */
  lockForUpdate: (tx: DbOrTx, ids: number[]) =>
    tx
      .select({ id: etudiants.id, email: etudiants.email, statutId: etudiants.statutId })
      .from(etudiants)
      .where(inArray(etudiants.id, ids))
      .orderBy(etudiants.id)
      .for('update'),

  async setStatut(tx: DbOrTx, ids: number[], statutId: number) {
    await tx.update(etudiants).set({ statutId }).where(inArray(etudiants.id, ids));
  },

  /** Retention: every request sent before `before`, whatever its status. Returns how many went. */
  async purge(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db.delete(etudiants).where(lt(etudiants.date, before)).returning({ id: etudiants.id });
    return rows.length;
  },
};
