/**
 * `sx` for text a screen reader reads and the screen does not show (the usual clip pattern).
 * Pixel strings: in `sx`, a width of 1 would mean 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
