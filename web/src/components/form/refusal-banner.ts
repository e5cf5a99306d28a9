import { FIELD_MESSAGES, MESSAGES } from '@guichet/contract/forms';
import type { RefusedField } from './use-contract-form.ts';

/**
 * The banner of a refused public form (`invalidMessage`): the spec's « Veuillez remplir tous les
 * champs » when a field is really empty; otherwise what is wrong, so a person whose every field is
 * filled is not told to fill them (one field: its label and the reason; several: their labels, the
 * reasons being under each). `labels`: the form's field labels by name; `missing`: the messages that
 * mean a field was left empty.
 */
export const refusalBanner =
  (labels: Readonly<Record<string, string>>, missing: readonly string[] = [FIELD_MESSAGES.obligatoire]) =>
  (refused: RefusedField[]): string => {
    const label = (path: string) => `« ${labels[path] ?? labels[path.split('.').at(-1) ?? path] ?? path} »`;
    if (refused.length === 0) return 'Votre demande a été refusée : veuillez vérifier votre saisie.';
    if (refused.some((r) => missing.includes(r.message))) return MESSAGES.remplirTousLesChamps;
    if (refused.length === 1) return `${label(refused[0].path)} : ${refused[0].message}`;
    return `Veuillez corriger les champs ${refused.map((r) => label(r.path)).join(', ')} : le problème est indiqué sous chacun.`;
  };
