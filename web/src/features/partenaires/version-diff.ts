import { PARTENAIRE_FIELD_KEYS, PARTENAIRE_LABELS } from '@guichet/contract';
import type { PartenaireDetail } from './partenaires-api.ts';

/** What differs between the partner the agent read and the partner as now stored, in words (the 409's « ce qui a changé »). */
export function partenaireDifferences(seen: PartenaireDetail, now: PartenaireDetail): string[] {
  const out: string[] = [];
  if (seen.idStatut !== now.idStatut) out.push(`statut (${seen.statut} → ${now.statut})`);
  if (seen.actif !== now.actif) out.push(`activé (${now.actif ? 'Actif' : 'Inactif'})`);
  if (seen.idCategorie !== now.idCategorie) out.push('catégorie');
  if (seen.filtre?.id !== now.filtre?.id) out.push('filtre');
  out.push(...PARTENAIRE_FIELD_KEYS.filter((k) => seen[k] !== now[k]).map((k) => PARTENAIRE_LABELS[k]));
  if (JSON.stringify(seen.tempdata) !== JSON.stringify(now.tempdata)) {
    out.push(now.tempdata ? 'modifications proposées par le partenaire (en attente)' : 'modifications proposées');
  }
  if (seen.token !== now.token || seen.tokenSentAt !== now.tokenSentAt) out.push('mail de renouvellement');
  if (seen.dateLastUpdate !== now.dateLastUpdate) out.push('dernière mise à jour');
  if (out.length === 0) out.push('suivi du partenaire');
  return out;
}
