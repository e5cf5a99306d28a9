/** The French State's design system (DSFR) colours, shared by the MUI theme and the native form fields. */
export const colors = {
  primary: '#000091',
  error: '#ce0500',
  text: '#161616',
  textSecondary: '#3a3a3a',
  background: '#f6f6f6',
  /** A field's border at rest: 4.3:1 on white, where WCAG 1.4.11 asks 3:1 (MUI's faint outline has 1.7:1). */
  border: '#7a7a7a',
} as const;

/** The focus ring: DSFR focus blue, 3:1 at least against the white and grey backgrounds (WCAG 2.4.7, 1.4.11). */
export const focusRing = { outline: '3px solid #0a76f6', outlineOffset: '2px' } as const;
