import type { PartenaireData, PartenaireFields } from '@guichet/contract';
// Zod-free values: the registration's first screen uses these helpers (its schema comes after).
import {
  FIELD_MESSAGES,
  formatPhone,
  normalizeLink,
  normalizePhone,
  PARTENAIRE_FIELD_KEYS,
  PARTENAIRE_LABELS,
  PARTENAIRE_MAX,
  PARTENAIRE_MESSAGES,
  shapePhoneInput,
} from '@guichet/contract/forms';
import { refusalBanner } from '../../components/form/refusal-banner.ts';

export type FieldKey = keyof PartenaireFields;
/** The fields typed as text: each has its maximum length in the contract. */
export type TextKey = keyof typeof PARTENAIRE_MAX;
/** What the person typed, as text (civiliteR included). */
export type Values = Record<FieldKey, string>;

export const emptyValues = (): Values => Object.fromEntries(PARTENAIRE_FIELD_KEYS.map((k) => [k, ''])) as Values;
const isPhone = (k: FieldKey) => k === 'telephone' || k === 'telephoneR';
/** Stored values as the forms show them: phones grouped by two ("03 25 00 00 01"). */
export const toValues = (d: PartenaireData): Values =>
  Object.fromEntries(PARTENAIRE_FIELD_KEYS.map((k) => [k, isPhone(k) ? formatPhone(d[k]) : (d[k] ?? '')])) as Values;
/** A phone typed in another spelling ("03.25…" for "03 25 …") is the same number: not a change. */
const comparable = (k: FieldKey, v: string) => (isPhone(k) ? (normalizePhone(v) ?? v) : v);
export const sameValues = (a: Values, b: Values) =>
  PARTENAIRE_FIELD_KEYS.every((k) => comparable(k, a[k]) === comparable(k, b[k]));

/** Input behaviour of docs/spec/portal-spec.md §5 as the person types: lengths capped, city in capitals. */
export function shapeInput(key: TextKey, raw: string): string {
  if (isPhone(key)) return shapePhoneInput(raw);
  const capped = raw.slice(0, PARTENAIRE_MAX[key]);
  return key === 'ville' ? capped.toLocaleUpperCase('fr-FR') : capped;
}

/** Leaving a link field shows what will be stored (https:// added), when it is a valid link. */
export const tidyLink = (raw: string) => normalizeLink(raw) ?? raw;

/** The banner of a refused partner form: an empty field, the logo or the civility missing, is « Veuillez remplir tous les champs ». */
export const partenaireRefusal = refusalBanner(PARTENAIRE_LABELS, [
  FIELD_MESSAGES.obligatoire,
  PARTENAIRE_MESSAGES.logoObligatoire,
  PARTENAIRE_MESSAGES.civilite,
]);
