import { Alert, Button } from '@mui/material';
import type { Draft } from '../lib/draft.ts';

/** Says that unsaved edits were put back (lib/draft.ts), with the way to drop them. */
export function DraftNotice({ draft, onDiscard }: { draft: Draft; onDiscard: () => void }) {
  if (!draft.restored) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            draft.discard();
            onDiscard();
          }}
        >
          Annuler ces modifications
        </Button>
      }
    >
      Vos modifications non enregistrées ont été rétablies. Vérifiez-les puis enregistrez.
    </Alert>
  );
}
