import { type AgentSummary, MESSAGES } from '@guichet/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AgentAvatar, fullName } from './agent-avatar.tsx';
import { agentSearchQuery } from './roles-api.ts';

/** The server is asked once typing pauses this long. */
const DEBOUNCE_MS = 300;

/** The 'Ajouter' dialog: pick one agent by name (docs/spec/portal-spec.md §2 Roles list, §5 Agent dialog). */
export function AddAgentDialog(props: {
  /** Agents already in the role: not offered again. */
  exclude: number[];
  onAdd: (agent: AgentSummary) => void;
  onClose: () => void;
  /** Why someone expected is not offered (the role manager itself), shown under the field. */
  note?: string;
}) {
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  const [value, setValue] = useState<AgentSummary | null>(null);
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setName(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);

  const search = useQuery(agentSearchQuery(name));
  const typed = input.trim();
  const loading = typed.length > 0 && (typed !== name || search.isFetching);
  const options = (search.data ?? []).filter((a) => !props.exclude.includes(a.id));

  function add() {
    if (!value) {
      setMissing(true);
      // Back to the field: a screen reader then reads its error.
      field.current?.focus();
      return;
    }
    props.onAdd(value);
  }

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="ajouter-agent-titre" fullWidth maxWidth="xs">
      <DialogTitle id="ajouter-agent-titre">Ajouter</DialogTitle>
      <DialogContent>
        {search.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            La recherche a échoué : {(search.error as Error).message}
          </Alert>
        )}
        <Autocomplete
          options={options}
          value={value}
          onChange={(_, v) => {
            setValue(v);
            if (v) setMissing(false);
          }}
          inputValue={input}
          onInputChange={(_, v) => setInput(v)}
          // The server has already filtered (accent-insensitive); the browser must not filter again.
          filterOptions={(x) => x}
          getOptionLabel={fullName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={loading}
          loadingText="Recherche en cours…"
          noOptionsText={typed ? 'Aucun agent trouvé' : 'Saisissez une partie du prénom ou du nom'}
          renderOption={({ key, ...rest }, agent) => (
            <Box component="li" key={key} {...rest} sx={{ gap: 1.5 }}>
              <AgentAvatar agent={agent} size={32} />
              {fullName(agent)}
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Agent"
              inputRef={field}
              autoFocus
              margin="dense"
              error={missing}
              helperText={missing ? MESSAGES.agentObligatoire : 'Prénom, nom ou identifiant'}
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  endAdornment: (
                    <>
                      {loading && <CircularProgress color="inherit" size={20} aria-label="Recherche en cours" />}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
        {props.note && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {props.note}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Annuler</Button>
        <Button variant="contained" onClick={add}>
          Ajouter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
