import { type Doublon, type DoublonCritere, STATUT } from '@guichet/contract';
import { and, asc, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { inscriptions } from './inscriptions.tables.ts';

/**
 * « Doublon possible » (issue 17, docs/decisions.md): two live offers — « En attente » or « Validé »,
 * the ones still in the queue or the students' list — with the same landlord e-mail (any case),
 * phone (stored as ten digits, however it was typed) or address (street any case, and postal
 * code). A refused or archived offer is history, not a duplicate.
 */
const LIVE = [STATUT.enAttente, STATUT.valide];
const autre = alias(inscriptions, 'autre');

// Each side written as its index is (migration 0013): lower(email), telephone, lower(adresse) + cp.
const sameEmail = sql<boolean>`lower(${autre.email}) = lower(${inscriptions.email})`;
const samePhone = sql<boolean>`${autre.telephone} = ${inscriptions.telephone}`;
const sameAdresse = sql<boolean>`(lower(${autre.adresse}) = lower(${inscriptions.adresse}) and ${autre.cp} = ${inscriptions.cp})`;

/** The lookup itself (exported for its EXPLAIN in the benchmark notes): one row per pair of twins. */
export function doublonsQuery(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: inscriptions.id,
      autre: autre.id,
      email: sameEmail,
      telephone: samePhone,
      adresse: sameAdresse,
    })
    .from(inscriptions)
    .innerJoin(
      autre,
      and(ne(autre.id, inscriptions.id), inArray(autre.statutId, LIVE), or(sameEmail, samePhone, sameAdresse)),
    )
    .where(and(inArray(inscriptions.id, ids), inArray(inscriptions.statutId, LIVE)))
    .orderBy(asc(inscriptions.id), asc(autre.id));
}

/**
 * The other live offers each of `ids` may duplicate, by id, with what they share. Only for the
 * offers asked (a page of the list, one detail page): each is a few index lookups, whatever the
 * table's size. An id that is not live, or has no twin, is absent from the map.
 */
export async function doublonsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Doublon[]>> {
  const found = new Map<number, Doublon[]>();
  if (ids.length === 0) return found;
  const rows = await doublonsQuery(db, ids);
  for (const r of rows) {
    const par: DoublonCritere[] = (['email', 'telephone', 'adresse'] as const).filter((k) => r[k]);
    const list = found.get(r.id) ?? [];
    list.push({ id: r.autre, par });
    found.set(r.id, list);
  }
  return found;
}
