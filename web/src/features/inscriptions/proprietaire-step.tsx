import { INSCRIPTION_MAX } from '@guichet/contract';
import { Grid } from '@mui/material';
import { type FormBinding, TextInput } from './fields.tsx';

export function ProprietaireStep({ form }: { form: FormBinding }) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput form={form} name="nom" autoComplete="family-name" maxLength={INSCRIPTION_MAX.nom} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput form={form} name="prenom" autoComplete="given-name" maxLength={INSCRIPTION_MAX.prenom} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput
          form={form}
          name="telephone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={INSCRIPTION_MAX.telephone}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput form={form} name="email" type="email" autoComplete="email" maxLength={INSCRIPTION_MAX.email} />
      </Grid>
      <Grid size={12}>
        <TextInput form={form} name="adresse" maxLength={INSCRIPTION_MAX.adresse} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput form={form} name="cp" inputMode="numeric" maxLength={INSCRIPTION_MAX.cp} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextInput form={form} name="ville" maxLength={INSCRIPTION_MAX.ville} />
      </Grid>
    </Grid>
  );
}
