import { doublonCriteres, type InscriptionListFilter } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ListParams } from '../../platform/list-query.ts';
import { doublonsOf } from './doublons.repository.ts';
import { inscriptionsRepository } from './inscriptions.repository.ts';

/**
 * A page of the staff's housing table as its endpoint answers it: the rows, the total, and each
 * row's « doublon possible » (a few index lookups per row of this page only). The whole database
 * work of the endpoint, which the benchmark also calls alone as the endpoint's floor.
 */
export async function inscriptionsAdminList(db: DbOrTx, params: ListParams<InscriptionListFilter>) {
  const { rows, ...total } = await inscriptionsRepository.list(db, params);
  const doublons = await doublonsOf(
    db,
    rows.map((r) => r.id),
  );
  return { ...total, inscriptions: rows.map((r) => ({ ...r, doublon: doublonCriteres(doublons.get(r.id)) })) };
}
