import { CIVILITES, PARTENAIRE_LABELS as L, PARTENAIRE_FIELD_KEYS } from '@guichet/contract';
import { type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { SelectInput } from '../../components/form/fields.tsx';
import { ProposalReview as ComparisonTable } from '../../components/proposal-review.tsx';
import { logoSrc } from './logo-address.ts';
import { type PartenaireForm, PartenaireInput, PartenaireLogo } from './partenaire-fields.tsx';
import { sameValues, type Values } from './partenaire-form.ts';

/**
 * The partner's current and proposed values side by side (docs/spec/portal-spec.md §2), in the
 * shared comparison table. The proposal stays editable: `form` holds it (ids `proposition-…`).
 */
export function ProposalReview<T extends FieldValues>({ current, form }: { current: Values; form: PartenaireForm<T> }) {
  const proposal = { ...current, ...(useWatch({ control: form.control }) as Partial<Values>) };
  const rows = PARTENAIRE_FIELD_KEYS.map((key) => ({
    key,
    label: L[key],
    // The same comparison as the forms: a phone in another spelling is no change.
    changed: !sameValues({ ...current, [key]: proposal[key] }, current),
    current:
      key === 'logo' ? (
        <img
          src={logoSrc(current.logo)}
          alt={`Logo actuel de ${current.nom}`}
          style={{ maxWidth: 160, maxHeight: 90, objectFit: 'contain' }}
        />
      ) : (
        current[key]
      ),
    proposed:
      key === 'logo' ? (
        <PartenaireLogo form={form} label="Logo proposé" />
      ) : key === 'civiliteR' ? (
        <SelectInput
          form={form}
          name={'civiliteR' as FieldPath<T>}
          label={`${L[key]} proposée`}
          placeholder={null}
          options={CIVILITES}
        />
      ) : (
        <PartenaireInput form={form} name={key} label={`${L[key]} (proposition)`} required={false} />
      ),
  }));
  return <ComparisonTable rows={rows} />;
}
