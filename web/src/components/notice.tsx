import { Box, Button, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { forwardRef, type ReactNode } from 'react';

type NoticeProps = {
  severity: 'error' | 'success' | 'info';
  /** `alert` is read at once, `status` politely; an error defaults to `alert`, anything else to `status`. */
  role?: 'alert' | 'status';
  /** A « Fermer » button beside the message. */
  onClose?: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/**
 * A message marked by its colour and announced by its role, as MUI's Alert does, without it: the
 * Alert (its icons, its close button) cost every public form ~2 KiB before its first screen
 * (docs/benchmarks.md). Focusable by script (`tabIndex=-1`, the browser's focus ring kept) for the
 * screens that move the focus to an action's result.
 */
export const Notice = forwardRef<HTMLDivElement, NoticeProps>(function Notice(
  { severity, role, onClose, sx, children },
  ref,
) {
  const frame = {
    px: 2,
    py: 1.5,
    borderRadius: 1,
    borderLeft: 4,
    borderColor: `${severity}.main`,
    bgcolor: (t: Theme) => alpha(t.palette[severity].main, 0.08),
    color: 'text.primary',
  };
  const extra = Array.isArray(sx) ? sx : [sx];
  const message = (
    <Box
      ref={ref}
      role={role ?? (severity === 'error' ? 'alert' : 'status')}
      tabIndex={-1}
      sx={onClose ? { flex: 1 } : [frame, ...extra]}
    >
      {children}
    </Box>
  );
  if (!onClose) return message;
  // The button beside the message, not in it: what the role announces is the message alone.
  return (
    <Box sx={[frame, { display: 'flex', alignItems: 'center', gap: 2 }, ...extra]}>
      {message}
      <Button size="small" color="inherit" onClick={onClose} sx={{ flexShrink: 0 }}>
        Fermer
      </Button>
    </Box>
  );
});
