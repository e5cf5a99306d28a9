import { Alert, AlertTitle, Button } from '@mui/material';
import { createContext, useCallback, useContext, useState } from 'react';
import { ApiError } from '../lib/api.ts';

/**
 * A record changed since the agent opened it (decisions §6.1): the server refused the action with a
 * 409 and changed nothing. The page says what differs between what the agent saw and what is stored,
 * and reloads only when asked, so the agent's unsaved input stays on screen until then.
 */
export type VersionConflict = { message: string; changes: string[] };

/**
 * The page's handling of such a 409: `report` reads the record as now stored (without replacing what
 * is displayed) and lists the differences; true when the error was this kind of conflict.
 */
export function useVersionConflict<T>(opts: {
  staleMessage: string;
  seen: T;
  load: () => Promise<T>;
  differences: (seen: T, now: T) => string[];
}) {
  const { staleMessage, seen, load, differences } = opts;
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const report = useCallback(
    (err: unknown): boolean => {
      if (!(err instanceof ApiError && err.status === 409 && err.message === staleMessage)) return false;
      setConflict({ message: err.message, changes: [] });
      load().then(
        (now) => setConflict({ message: err.message, changes: differences(seen, now) }),
        () => undefined,
      );
      return true;
    },
    [staleMessage, seen, load, differences],
  );
  return { conflict, report, clear: useCallback(() => setConflict(null), []) };
}

/** The version the page read, and where a stale-version refusal is reported (the partner page's panels). */
export const RecordVersion = createContext<{ version: string; report: (err: unknown) => boolean } | null>(null);
export const useRecordVersion = () => useContext(RecordVersion);

/** The conflict's message, the fields that changed, and « Recharger ». */
export function VersionConflictAlert(props: { conflict: VersionConflict | null; onReload: () => void }) {
  const { conflict, onReload } = props;
  if (!conflict) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={onReload}>
          Recharger
        </Button>
      }
    >
      <AlertTitle>Modifié entre-temps</AlertTitle>
      {conflict.message}
      {conflict.changes.length > 0 && (
        <> Ce qui a changé : {conflict.changes.join(', ')}. Votre saisie reste affichée jusqu’au rechargement.</>
      )}
    </Alert>
  );
}
