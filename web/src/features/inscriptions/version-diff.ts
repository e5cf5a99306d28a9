import { inscriptionChanges, INSCRIPTION_LABELS as L } from '@guichet/contract';
import type { InscriptionDetail } from './inscriptions-api.ts';

/** What differs between the offer the agent read and the offer as now stored, in words (the 409's « ce qui a changé »). */
export function inscriptionDifferences(seen: InscriptionDetail, now: InscriptionDetail): string[] {
  const out: string[] = [];
  if (seen.idStatut !== now.idStatut) out.push(`statut (${seen.statut} → ${now.statut})`);
  out.push(...inscriptionChanges(seen, now).map((k) => L[k]));
  if (JSON.stringify(seen.tempdata) !== JSON.stringify(now.tempdata)) {
    out.push('modifications proposées par le propriétaire');
  }
  if (seen.dateConfirmation !== now.dateConfirmation) out.push('dernière confirmation de disponibilité');
  if (out.length === 0) out.push('suivi de l’offre (dates, vérification)');
  return out;
}
