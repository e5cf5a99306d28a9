import { MESSAGES } from '@guichet/contract';
import { Alert, Snackbar } from '@mui/material';
import type { Banner, useBanner } from '../../components/banner.tsx';
import { ApiError } from '../../lib/api.ts';

/** The staff page's message line: held by the page, so it outlives the reload after an action. */
export type PageFeedback = ReturnType<typeof useBanner>;

/** A proposal arrived meanwhile: the server's own sentence says why the action was refused. */
export const isConflict = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409;

/**
 * How one staff action ends: the server's message, or `failure` (a conflict gives its reason).
 * `refused` runs first on a failure (errors to show under fields).
 */
export function settle<R extends { message?: string }>(
  action: Promise<R>,
  feedback: PageFeedback,
  failure: string,
  refused?: (err: unknown) => void,
) {
  return action.then(
    (res) => feedback.success(res.message ?? MESSAGES.enregistrementReussi),
    (err: unknown) => {
      refused?.(err);
      feedback.error(isConflict(err) ? err.message : failure);
    },
  );
}

/**
 * The `submit` and `onSuccess` of a staff form (useContractForm): the server's message on success;
 * a conflict (the partner changed meanwhile: the page reloads) says why, without errors under the
 * fields; any other refusal is the form's.
 */
export function staffSubmit<B, R extends { message?: string }>(save: (body: B) => Promise<R>, feedback: PageFeedback) {
  return {
    submit: (body: B) =>
      save(body).catch((err: unknown) => {
        if (!isConflict(err)) throw err;
        feedback.error(err.message);
        return null;
      }),
    onSuccess: (res: R | null) => {
      if (res) feedback.success(res.message ?? MESSAGES.enregistrementReussi);
    },
  };
}

/** A message at the bottom of the page; it hides after the spec's timings (useBanner). */
export function FeedbackSnackbar({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  return (
    <Snackbar
      open={!!banner}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={banner?.severity ?? 'success'}
        role={banner?.severity === 'error' ? 'alert' : 'status'}
        variant="filled"
        onClose={onClose}
      >
        {banner?.text}
      </Alert>
    </Snackbar>
  );
}
