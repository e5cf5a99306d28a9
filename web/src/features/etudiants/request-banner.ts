import { ETUDIANT_LABELS, FIELD_MESSAGES, MESSAGES } from '@guichet/contract/forms';
import type { RefusedField } from '../../components/form/use-contract-form.ts';

const label = (path: string) => `« ${ETUDIANT_LABELS[path as keyof typeof ETUDIANT_LABELS] ?? path} »`;

/**
 * The banner of a refused request: the spec's « Veuillez remplir tous les champs » when a field is
 * really empty; otherwise what is wrong, so a student whose every field is filled is not told to fill
 * them (one field: its label and the reason; several: their labels, the reasons being under each).
 */
export function requestBanner(refused: RefusedField[]): string {
  if (refused.length === 0 || refused.some((r) => r.message === FIELD_MESSAGES.obligatoire)) {
    return refused.length === 0
      ? 'Votre demande a été refusée : veuillez vérifier votre saisie.'
      : MESSAGES.remplirTousLesChamps;
  }
  if (refused.length === 1) return `${label(refused[0].path)} : ${refused[0].message}`;
  return `Veuillez corriger les champs ${refused.map((r) => label(r.path)).join(', ')} : le problème est indiqué sous chacun.`;
}
