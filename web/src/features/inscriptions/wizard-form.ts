import type { Logement, logementSchema, Proprietaire, proprietaireSchema } from '@guichet/contract';
import {
  capitalizeWords,
  INSCRIPTION_MAX,
  type InscriptionField,
  LOGEMENT_FIELDS,
  limit,
  normalizeCharges,
  PROPRIETAIRE_FIELDS,
  shapePhoneInput,
  toUpper,
} from '@guichet/contract/forms';
import type { z } from 'zod';

/**
 * What the person typed or chose in each step, as text (yes/no questions hold 'true' / 'false'):
 * kept by the wizard so that going back and forth loses nothing.
 */
export type ProprietaireDraft = z.input<typeof proprietaireSchema>;
export type LogementDraft = z.input<typeof logementSchema>;
export type Drafts = { proprietaire: ProprietaireDraft; logement: LogementDraft };
/** Each step as the server accepted it: what the recap shows and the final call sends. */
export type Checked = { proprietaire?: Proprietaire; logement?: Logement };

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
export const emptyDrafts = (): Drafts => ({
  proprietaire: blank(PROPRIETAIRE_FIELDS),
  logement: blank(LOGEMENT_FIELDS),
});

/** Input behaviour of docs/spec/portal-spec.md §5, applied as the person types. */
export function shapeInput(key: InscriptionField, raw: string): string {
  switch (key) {
    case 'nom':
    case 'ville':
      return toUpper(limit(raw, INSCRIPTION_MAX[key]));
    case 'prenom':
      return capitalizeWords(limit(raw, INSCRIPTION_MAX.prenom));
    case 'telephone':
      return shapePhoneInput(raw);
    case 'cp':
    case 'email':
    case 'adresse':
      return limit(raw, INSCRIPTION_MAX[key]);
    case 'charges':
      return normalizeCharges(raw);
    default:
      return raw;
  }
}

/** The step whose fields a refusal of the whole offer names: the housing first, as it comes last. */
export const stepOfErrors = (keys: readonly string[]) =>
  keys.some((k) => (LOGEMENT_FIELDS as readonly string[]).includes(k)) ? 1 : 0;
