import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  INSCRIPTION_MAX,
  LOYERS,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
} from '@guichet/contract';
import { Grid } from '@mui/material';
import { type FormBinding, SelectInput, TextInput, YesNoInput } from './fields.tsx';

const half = { xs: 12, md: 6 };

export function LogementStep({ form }: { form: FormBinding }) {
  const { values } = form;
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={12}>
        <SelectInput form={form} name="proximite" options={PROXIMITES} />
      </Grid>
      <Grid size={half}>
        <SelectInput form={form} name="type" options={TYPES_LOGEMENT} />
      </Grid>
      <Grid size={half}>
        <YesNoInput form={form} name="colocation" order="ouiNon" />
      </Grid>
      <Grid size={half}>
        <YesNoInput form={form} name="immeuble" order="nonOui" />
      </Grid>
      <Grid size={half}>{values.immeuble === 'Oui' && <SelectInput form={form} name="etage" options={ETAGES} />}</Grid>
      <Grid size={half}>
        <SelectInput form={form} name="surface" options={SURFACES} />
      </Grid>
      <Grid size={half}>
        <SelectInput form={form} name="chauffage" options={CHAUFFAGES} />
      </Grid>
      <Grid size={half}>
        <SelectInput form={form} name="loyer" options={LOYERS} />
      </Grid>
      <Grid size={half}>
        <TextInput form={form} name="charges" inputMode="decimal" maxLength={INSCRIPTION_MAX.charges} />
      </Grid>
      <Grid size={half}>
        <SelectInput form={form} name="equipement" options={EQUIPEMENTS} />
      </Grid>
      <Grid size={half}>
        <SelectInput form={form} name="infoLogement" options={INFOS_LOGEMENT} />
      </Grid>
      <Grid size={half}>
        <YesNoInput form={form} name="ascenceur" order="ouiNon" boolean />
      </Grid>
      <Grid size={half}>
        <YesNoInput form={form} name="localVelo" order="ouiNon" boolean />
      </Grid>
      <Grid size={half}>
        <YesNoInput form={form} name="parking" order="nonOui" />
      </Grid>
      <Grid size={half}>
        {values.parking === 'Oui' && <SelectInput form={form} name="typeParking" options={TYPES_PARKING} />}
      </Grid>
      <Grid size={12}>
        <YesNoInput form={form} name="caf" order="nonOui" />
      </Grid>
    </Grid>
  );
}
