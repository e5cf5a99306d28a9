import { type Doublon, type DoublonCritere, STATUT } from '@guichet/contract';
import { and, asc, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { partenaires } from './partenaires.tables.ts';

/**
 * « Doublon possible » (issue 17, docs/decisions.md): two live partners — « En attente » or
 * « Validé » — with the same name or contact e-mail, in any case. Names are stored trimmed (the
 * contract's `text()`), so « Vélo Campus » typed with spaces around is the same name. A refused or
 * archived partner is history, not a duplicate.
 */
const LIVE = [STATUT.enAttente, STATUT.valide];
const autre = alias(partenaires, 'autre');

// Each side written as its index is (migration 0013): lower(nom), lower(mail).
const sameNom = sql<boolean>`lower(${autre.nom}) = lower(${partenaires.nom})`;
const sameEmail = sql<boolean>`lower(${autre.mail}) = lower(${partenaires.mail})`;

/** The lookup itself (exported for its EXPLAIN in the benchmark notes): one row per pair of twins. */
export function doublonsQuery(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: partenaires.id, autre: autre.id, nom: sameNom, email: sameEmail })
    .from(partenaires)
    .innerJoin(autre, and(ne(autre.id, partenaires.id), inArray(autre.statutId, LIVE), or(sameNom, sameEmail)))
    .where(and(inArray(partenaires.id, ids), inArray(partenaires.statutId, LIVE)))
    .orderBy(asc(partenaires.id), asc(autre.id));
}

/**
 * The other live partners each of `ids` may duplicate, by id, with what they share. Only for the
 * partners asked (a page of the list, one partner page): a few index lookups each.
 */
export async function doublonsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Doublon[]>> {
  const found = new Map<number, Doublon[]>();
  if (ids.length === 0) return found;
  const rows = await doublonsQuery(db, ids);
  for (const r of rows) {
    const par: DoublonCritere[] = (['nom', 'email'] as const).filter((k) => r[k]);
    const list = found.get(r.id) ?? [];
    list.push({ id: r.autre, par });
    found.set(r.id, list);
  }
  return found;
}
