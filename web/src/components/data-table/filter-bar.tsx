import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';

export type FilterDef<N extends string = string> = {
  name: N;
  label: string;
  type: 'text' | 'date' | 'select';
  options?: { value: string | number; label: string }[];
};

/** Search and column filters above a table: real labelled fields, usable with the keyboard. */
export function FilterBar(props: {
  search: string;
  filter: Record<string, string>;
  filters: FilterDef[];
  onSearch: (v: string) => void;
  onFilter: (name: string, v: string | null) => void;
  onClear: () => void;
}) {
  const [search, setSearch] = useState(props.search);
  useEffect(() => setSearch(props.search), [props.search]);
  // Debounced: the server is asked once the person pauses typing.
  useEffect(() => {
    if (search === props.search) return;
    const t = setTimeout(() => props.onSearch(search), 300);
    return () => clearTimeout(t);
  }, [search, props.search, props.onSearch]);
  const active = props.search || Object.keys(props.filter).length > 0;

  return (
    <Stack
      component="search"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <TextField
        label="Rechercher"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ width: { xs: '100%', sm: 260 } }}
        fullWidth={false}
      />
      {props.filters.map((f) => (
        <FilterField
          key={f.name}
          def={f}
          value={props.filter[f.name] ?? ''}
          onChange={(v) => props.onFilter(f.name, v)}
        />
      ))}
      {active && (
        <Button onClick={props.onClear} variant="text">
          Effacer les filtres
        </Button>
      )}
    </Stack>
  );
}

function FilterField({
  def,
  value,
  onChange,
}: {
  def: FilterDef;
  value: string;
  onChange: (v: string | null) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (def.type !== 'text' || text === value) return;
    const t = setTimeout(() => onChange(text || null), 300);
    return () => clearTimeout(t);
  }, [def.type, text, value, onChange]);

  const common = { label: def.label, fullWidth: false, sx: { width: { xs: '100%', sm: 180 } } } as const;
  if (def.type === 'select') {
    return (
      <TextField {...common} select value={value} onChange={(e) => onChange(e.target.value || null)}>
        <MenuItem value="">
          <em>Tous</em>
        </MenuItem>
        {def.options?.map((o) => (
          <MenuItem key={o.value} value={String(o.value)}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (def.type === 'date') {
    return (
      <TextField
        {...common}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value || null)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    );
  }
  return <TextField {...common} value={text} onChange={(e) => setText(e.target.value)} />;
}
