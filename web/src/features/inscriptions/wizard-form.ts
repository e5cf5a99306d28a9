import {
  capitalizeWords,
  FIELD_MESSAGES,
  type FieldError,
  INSCRIPTION_MAX,
  type InscriptionField,
  LOGEMENT_FIELDS,
  limit,
  logementFieldsSchema,
  normalizeCharges,
  PROPRIETAIRE_FIELDS,
  proprietaireSchema,
  shapePhoneInput,
  toUpper,
} from '@guichet/contract';

/** What the person typed or chose, as text; yes/no questions hold 'true' / 'false'. */
export type WizardValues = Record<InscriptionField, string>;
export type Errors = Partial<Record<string, string>>;

export const emptyValues = (): WizardValues =>
  Object.fromEntries([...PROPRIETAIRE_FIELDS, ...LOGEMENT_FIELDS].map((k) => [k, ''])) as WizardValues;

/** Input behaviour of spec §5, applied as the person types. */
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

/** Changing immeuble clears etage; changing parking clears typeParking (spec §4). */
export function withChange(values: WizardValues, key: InscriptionField, raw: string): WizardValues {
  const next = { ...values, [key]: shapeInput(key, raw) };
  if (key === 'immeuble' && raw !== values.immeuble) next.etage = '';
  if (key === 'parking' && raw !== values.parking) next.typeParking = '';
  return next;
}

export const proprietaireParams = (v: WizardValues) => Object.fromEntries(PROPRIETAIRE_FIELDS.map((k) => [k, v[k]]));
export const logementParams = (v: WizardValues) =>
  Object.fromEntries(
    LOGEMENT_FIELDS.filter(
      (k) => (k !== 'etage' || v.immeuble === 'Oui') && (k !== 'typeParking' || v.parking === 'Oui'),
    ).map((k) => [k, v[k]]),
  );

/** The body of `POST inscription/add`: yes/no as booleans. */
export const inscriptionBody = (v: WizardValues) => {
  const logement: Record<string, string | boolean> = logementParams(v);
  logement.ascenceur = v.ascenceur === 'true';
  logement.localVelo = v.localVelo === 'true';
  return { proprietaire: proprietaireParams(v), logement };
};

/**
 * Re-checks one corrected field with the contract's own schema, so its error goes away as soon as it
 * is right (the server still decides when the step is submitted).
 */
export function recheck(key: InscriptionField, value: string): string | undefined {
  // Shown only under immeuble / parking "Oui", where they are required.
  if ((key === 'etage' || key === 'typeParking') && !value) return FIELD_MESSAGES.obligatoire;
  const shape = { ...proprietaireSchema.shape, ...logementFieldsSchema.shape } as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }
  >;
  const r = shape[key]?.safeParse(value);
  return r && !r.success ? r.error?.issues[0]?.message : undefined;
}

export const toErrors = (list: FieldError[]): Errors => Object.fromEntries(list.map((e) => [e.key, e.error]));
