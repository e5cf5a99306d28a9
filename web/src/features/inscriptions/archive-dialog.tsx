import { logementArchiveBodySchema, MOTIF_MAX } from '@guichet/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { FormBanner, SubmitButton, TextInput } from '../../components/form/fields.tsx';
import { useContractForm } from '../../components/form/use-contract-form.ts';
import { ApiError } from '../../lib/api.ts';
import { type ArchiveAction, archiveOffer } from './logement-api.ts';

const WORDING: Record<ArchiveAction, { title: string; confirm: string; label: string }> = {
  loue: {
    title: 'Votre logement est loué ?',
    confirm: 'Confirmer : mon logement est loué',
    label: 'Précisions (facultatif)',
  },
  retrait: {
    title: 'Retirer votre offre ?',
    confirm: 'Confirmer le retrait de mon offre',
    label: 'Raison du retrait (facultatif)',
  },
};

/**
 * « Mon logement est loué » / « Retirer mon offre »: asks for confirmation, says the offer leaves
 * the list at once, takes an optional reason, and hands the server's message back to the page.
 */
export function ArchiveDialog({
  action,
  token,
  onClose,
  onDone,
  onStale,
}: {
  action: ArchiveAction;
  token: string;
  onClose: () => void;
  onDone: (message: string | undefined) => void;
  /** The offer changed meanwhile (archived: 409) or the link died (404): the page shows why and reloads. */
  onStale: (err: ApiError) => void;
}) {
  const wording = WORDING[action];
  const form = useContractForm({
    schema: logementArchiveBodySchema,
    defaultValues: { motif: '' },
    submit: async (body) => {
      try {
        return await archiveOffer(action, token, body);
      } catch (err) {
        if (!(err instanceof ApiError && (err.status === 404 || err.status === 409))) throw err;
        onStale(err);
        return null;
      }
    },
    onSuccess: (res) => {
      if (res) onDone(res.message);
    },
    idPrefix: `archive-${action}`,
  });
  const titleId = `archive-${action}-titre`;
  const textId = `archive-${action}-texte`;
  return (
    // The page places the focus itself: on its banner once the offer is archived, else back on the button.
    <Dialog
      open
      onClose={form.busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableRestoreFocus
    >
      <form {...form.formProps}>
        <DialogTitle id={titleId}>{wording.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={textId}>
              Votre offre quittera aussitôt la liste des logements envoyée aux étudiants. Elle sera archivée et ne
              pourra plus être modifiée.
            </DialogContentText>
            <FormBanner form={form} />
            <TextInput form={form} name="motif" label={wording.label} multiline maxLength={MOTIF_MAX} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.busy}>
            Annuler
          </Button>
          <SubmitButton form={form} color="error">
            {wording.confirm}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
