import { doublonCriteres, type partenaireListQuerySchema } from '@guichet/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { mailRepository } from '../../platform/mail/index.ts';
import { doublonsOf } from './doublons.repository.ts';
import { partenairesRepository } from './partenaires.repository.ts';

/** The renewal mails whose failure a partner's row shows. */
export const renewalMails = { entite: 'partenaire', kind: 'renouvellement_partenaire' } as const;

/**
 * A page of the staff's partner table as its endpoint answers it: the rows, the total, each row's
 * « doublon possible » and « Courriel en échec » (this page's rows only). The whole database work
 * of the endpoint, which the benchmark also calls alone as its floor.
 */
export async function partenairesAdminList(db: DbOrTx, query: z.output<typeof partenaireListQuerySchema>) {
  const { annee, filter, ...rest } = query;
  const { count, rows } = await partenairesRepository.list(db, { ...rest, filter: { ...filter, annee } });
  const ids = rows.map((r) => r.id);
  const [doublons, echecs] = await Promise.all([doublonsOf(db, ids), mailRepository.failures(db, renewalMails, ids)]);
  return {
    count,
    partenaires: rows.map((r) => ({
      ...r,
      doublon: doublonCriteres(doublons.get(r.id)),
      courrielEchec: echecs.get(r.id) ?? null,
    })),
  };
}
