import type { DbOrTx } from '../../db/client.ts';
import { mailRepository } from '../../platform/mail/index.ts';
import { type EtudiantListParams, etudiantsRepository } from './etudiants.repository.ts';

/**
 * A page of the staff's student-request table as its endpoint answers it: the rows, the total, and
 * « Courriel en échec » (the housing-list mail of this page's requests, read from the outbox). The
 * whole database work of the endpoint, which the benchmark also calls alone as its floor.
 */
export async function etudiantsAdminList(db: DbOrTx, params: EtudiantListParams) {
  const { rows, ...total } = await etudiantsRepository.list(db, params);
  const echecs = await mailRepository.failures(
    db,
    { entite: 'etudiant', kind: 'liste_logements' },
    rows.map((r) => r.id),
  );
  return { ...total, etudiants: rows.map((r) => ({ ...r, courrielEchec: echecs.get(r.id) ?? null })) };
}
