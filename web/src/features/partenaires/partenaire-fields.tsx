// Zod-free values (the registration's first screen shows these fields before its schema arrives).
import { CIVILITES, PARTENAIRE_LABELS as L, PARTENAIRE_MAX } from '@guichet/contract/forms';
import { Stack, Typography } from '@mui/material';
import { type FieldPath, type FieldValues, useController, useWatch } from 'react-hook-form';
import { Cell, Columns } from '../../components/form/columns.tsx';
import { TextInput } from '../../components/form/fields.tsx';
import { RadioInput } from '../../components/form/radio-input.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';
import { LogoField } from './logo-field.tsx';
import { shapeInput, type TextKey, tidyLink } from './partenaire-form.ts';

/**
 * The partner's own fields, bound to a `useContractForm` whose values hold them under their
 * names (registration, self-update, staff page): all three forms show them alike.
 */
// biome-ignore lint/suspicious/noExplicitAny: the parsed output differs by form; the fields only read the input.
export type PartenaireForm<T extends FieldValues> = ContractForm<T, any>;
type Input<T extends FieldValues> = { form: PartenaireForm<T>; name: TextKey };

const INPUT: Record<TextKey, { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'email' | 'url' }> = {
  nom: { autoComplete: 'organization' },
  lien: { autoComplete: 'url', inputMode: 'url' },
  lienOffres: { autoComplete: 'off', inputMode: 'url' },
  presentation: { autoComplete: 'off' },
  nomComplet: { autoComplete: 'off' },
  adresse: { autoComplete: 'street-address' },
  cp: { autoComplete: 'postal-code', inputMode: 'numeric' },
  ville: { autoComplete: 'address-level2' },
  telephone: { autoComplete: 'tel', inputMode: 'tel' },
  mail: { autoComplete: 'email', inputMode: 'email' },
  nomR: { autoComplete: 'family-name' },
  prenomR: { autoComplete: 'given-name' },
  fonctionR: { autoComplete: 'organization-title' },
  telephoneR: { autoComplete: 'off', inputMode: 'tel' },
  mailR: { autoComplete: 'off', inputMode: 'email' },
};

/** A labelled, required text field; its error (client or server) shows under it and is linked to it. */
export function PartenaireInput<T extends FieldValues>({
  form,
  name,
  label = L[name],
  required = true,
}: Input<T> & { label?: string; required?: boolean }) {
  const path = name as FieldPath<T>;
  const max = PARTENAIRE_MAX[name];
  const isLink = name === 'lien' || name === 'lienOffres';
  return (
    <TextInput
      form={form}
      name={path}
      label={label}
      required={required}
      multiline={name === 'presentation'}
      maxLength={max}
      autoComplete={INPUT[name].autoComplete}
      inputMode={INPUT[name].inputMode}
      shape={(raw) => shapeInput(name, raw)}
      tidy={isLink ? tidyLink : undefined}
      // The presentation's counter, shown from the first character: how much room is left.
      counter={name === 'presentation' ? 'always' : undefined}
      help={isLink ? 'Par exemple : www.exemple.fr' : undefined}
    />
  );
}

/** The representative's title as two radios; the group's name is its id (the tests reach it by it). */
export function CiviliteInput<T extends FieldValues>({ form }: { form: PartenaireForm<T> }) {
  return (
    <RadioInput
      form={form}
      name={'civiliteR' as FieldPath<T>}
      label={L.civiliteR}
      required
      options={CIVILITES}
      groupName={form.fieldId('civiliteR')}
    />
  );
}

/** The logo, uploaded as soon as it is chosen; the form keeps the stored file's name. */
export function PartenaireLogo<T extends FieldValues>({
  form,
  label = L.logo,
  keep,
}: {
  form: PartenaireForm<T>;
  label?: string;
  /** Self-update: the current logo, which the partner may keep (the field then shows none). */
  keep?: string;
}) {
  const { field, fieldState } = useController({ control: form.control, name: 'logo' as FieldPath<T> });
  const nom = useWatch({ control: form.control, name: 'nom' as FieldPath<T> });
  const value = String(field.value ?? '');
  const kept = keep !== undefined && value === keep;
  return (
    <LogoField
      id={form.fieldId('logo')}
      label={label}
      required={keep === undefined}
      value={kept ? '' : value}
      nom={String(nom ?? '')}
      error={fieldState.error?.message}
      buttonLabel={keep === undefined ? undefined : kept ? 'Changer le logo' : 'Choisir un autre logo'}
      onChange={field.onChange}
    />
  );
}

/** The public part of a partner: shown in the directory once validated. */
export function PublicFields<T extends FieldValues>({ form }: { form: PartenaireForm<T> }) {
  return (
    <Stack spacing={1}>
      <PartenaireInput form={form} name="nom" />
      <Columns>
        <Cell span={6}>
          <PartenaireInput form={form} name="lien" />
        </Cell>
        <Cell span={6}>
          <PartenaireInput form={form} name="lienOffres" />
        </Cell>
      </Columns>
      <PartenaireInput form={form} name="presentation" />
      <PartenaireLogo form={form} />
    </Stack>
  );
}

/** What only the office sees: the organisation and its representative. */
export function OtherFields<T extends FieldValues>({ form, level = 2 }: { form: PartenaireForm<T>; level?: 2 | 3 }) {
  const half = (name: TextKey) => (
    <Cell span={6}>
      <PartenaireInput form={form} name={name} />
    </Cell>
  );
  return (
    <Stack spacing={1}>
      <PartenaireInput form={form} name="nomComplet" />
      <PartenaireInput form={form} name="adresse" />
      <Columns>
        <Cell span={4}>
          <PartenaireInput form={form} name="cp" />
        </Cell>
        <Cell span={8}>
          <PartenaireInput form={form} name="ville" />
        </Cell>
        {half('telephone')}
        {half('mail')}
      </Columns>
      <Typography variant="h6" component={level === 2 ? 'h3' : 'h4'} sx={{ pt: 1 }}>
        Représentant
      </Typography>
      <CiviliteInput form={form} />
      <Columns>
        {half('nomR')}
        {half('prenomR')}
        <Cell span={12}>
          <PartenaireInput form={form} name="fonctionR" />
        </Cell>
        {half('telephoneR')}
        {half('mailR')}
      </Columns>
    </Stack>
  );
}

/** The two sections of docs/spec/portal-spec.md §2, each a titled region. */
export function PartenaireSections<T extends FieldValues>({
  form,
  level = 2,
}: {
  form: PartenaireForm<T>;
  level?: 2 | 3;
}) {
  const heading = level === 2 ? 'h2' : 'h3';
  const p = form.fieldId('section');
  return (
    <Stack spacing={3}>
      <Stack component="section" aria-labelledby={`${p}-site`} spacing={2}>
        <Typography id={`${p}-site`} variant="h5" component={heading}>
          Informations qui apparaîtront sur le site
        </Typography>
        <PublicFields form={form} />
      </Stack>
      <Stack component="section" aria-labelledby={`${p}-autres`} spacing={2}>
        <Typography id={`${p}-autres`} variant="h5" component={heading}>
          Autres informations
        </Typography>
        <OtherFields form={form} level={level} />
      </Stack>
    </Stack>
  );
}
