import { CIVILITES, PARTENAIRE_LABELS as L, PARTENAIRE_MAX } from '@guichet/contract';
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LogoField } from './logo-field.tsx';
import { type Errors, type FieldKey, shapeInput, tidyLink, type Values } from './partenaire-form.ts';

export type FieldsBinding = {
  values: Values;
  errors: Errors;
  onChange: (key: FieldKey, value: string) => void;
  /** Prefix of the field ids (two forms on one page must not share ids). */
  idPrefix?: string;
};

type Input = { form: FieldsBinding; name: FieldKey };

const INPUT: Partial<Record<FieldKey, { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'email' | 'url' }>> = {
  nom: { autoComplete: 'organization' },
  lien: { autoComplete: 'url', inputMode: 'url' },
  lienOffres: { autoComplete: 'off', inputMode: 'url' },
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
export function PartenaireInput({ form, name, multiline }: Input & { multiline?: boolean }) {
  const id = `${form.idPrefix ?? 'champ'}-${name}`;
  const error = form.errors[name];
  const value = form.values[name];
  const max = (PARTENAIRE_MAX as Record<string, number>)[name];
  const isLink = name === 'lien' || name === 'lienOffres';
  // The presentation's counter: how much room is left, under the field.
  const help = name === 'presentation' ? `${error ? `${error} — ` : ''}${value.length} / ${max} caractères` : error;
  return (
    <TextField
      id={id}
      name={name}
      label={L[name]}
      required
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={value}
      onChange={(e) => form.onChange(name, shapeInput(name, e.target.value))}
      onBlur={isLink ? () => form.onChange(name, tidyLink(value)) : undefined}
      error={!!error}
      helperText={help ?? (isLink ? 'Par exemple : www.exemple.fr' : ' ')}
      autoComplete={INPUT[name]?.autoComplete ?? 'off'}
      slotProps={{ htmlInput: { maxLength: max, inputMode: INPUT[name]?.inputMode } }}
    />
  );
}

export function CiviliteInput({ form }: { form: FieldsBinding }) {
  const id = `${form.idPrefix ?? 'champ'}-civiliteR`;
  const error = form.errors.civiliteR;
  return (
    <FormControl error={!!error} required component="fieldset">
      <FormLabel component="legend" id={`${id}-legende`}>
        {L.civiliteR}
      </FormLabel>
      <RadioGroup
        row
        name={id}
        aria-labelledby={`${id}-legende`}
        aria-describedby={`${id}-aide`}
        aria-invalid={!!error}
        value={form.values.civiliteR}
        onChange={(e) => form.onChange('civiliteR', e.target.value)}
      >
        {CIVILITES.map((c, i) => (
          <FormControlLabel
            key={c}
            value={c}
            control={<Radio slotProps={{ input: i === 0 ? { id } : undefined }} />}
            label={c}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={`${id}-aide`}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** The public part of a partner: shown in the directory once validated. */
export function PublicFields({ form }: { form: FieldsBinding }) {
  return (
    <Stack spacing={1}>
      <PartenaireInput form={form} name="nom" />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="lien" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="lienOffres" />
        </Grid>
      </Grid>
      <PartenaireInput form={form} name="presentation" multiline />
      <LogoField
        id={`${form.idPrefix ?? 'champ'}-logo`}
        label={L.logo}
        value={form.values.logo}
        nom={form.values.nom}
        error={form.errors.logo}
        onChange={(file) => form.onChange('logo', file)}
      />
    </Stack>
  );
}

/** What only the office sees: the organisation and its representative. */
export function OtherFields({ form, level = 2 }: { form: FieldsBinding; level?: 2 | 3 }) {
  return (
    <Stack spacing={1}>
      <PartenaireInput form={form} name="nomComplet" />
      <PartenaireInput form={form} name="adresse" />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <PartenaireInput form={form} name="cp" />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <PartenaireInput form={form} name="ville" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="telephone" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="mail" />
        </Grid>
      </Grid>
      <Typography variant="h6" component={level === 2 ? 'h3' : 'h4'} sx={{ pt: 1 }}>
        Représentant
      </Typography>
      <CiviliteInput form={form} />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="nomR" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="prenomR" />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <PartenaireInput form={form} name="fonctionR" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="telephoneR" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartenaireInput form={form} name="mailR" />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** The two sections of spec §2, each a titled region. */
export function PartenaireSections({ form, level = 2 }: { form: FieldsBinding; level?: 2 | 3 }) {
  const heading = level === 2 ? 'h2' : 'h3';
  const p = form.idPrefix ?? 'champ';
  return (
    <Stack spacing={3}>
      <Stack component="section" aria-labelledby={`${p}-section-site`} spacing={2}>
        <Typography id={`${p}-section-site`} variant="h5" component={heading}>
          Informations qui apparaîtront sur le site
        </Typography>
        <PublicFields form={form} />
      </Stack>
      <Stack component="section" aria-labelledby={`${p}-section-autres`} spacing={2}>
        <Typography id={`${p}-section-autres`} variant="h5" component={heading}>
          Autres informations
        </Typography>
        <OtherFields form={form} level={level} />
      </Stack>
    </Stack>
  );
}
