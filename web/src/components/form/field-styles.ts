/**
 * The look of a form field, on native elements: the label above the control (always visible, as
 * in the French State's design system), the control, the text under it. Static styles: each is
 * serialised once, where MUI's outlined field renders five styled components per field and a
 * phone spent a quarter of a second building a form's first screen (Lighthouse's TBT).
 */
import { styled } from '@mui/material/styles';
import { colors, focusRing } from '../../lib/colors.ts';

/** A field: label, control, text under it. */
export const FieldBox = styled('div')({ display: 'flex', flexDirection: 'column', width: '100%' });

/** `data-error`: the field is in error (label and text under it in red, as the control's border). */
export const FieldLabel = styled('label')({
  color: colors.text,
  fontSize: '1rem',
  lineHeight: 1.5,
  marginBottom: 4,
  '&[data-error]': { color: colors.error },
});

const control = {
  font: 'inherit',
  fontSize: '1rem',
  color: colors.text,
  backgroundColor: '#fff',
  width: '100%',
  boxSizing: 'border-box',
  minHeight: 40,
  padding: '7.5px 13px',
  border: `1px solid ${colors.border}`,
  borderRadius: 4,
  '&:hover:not(:disabled)': { borderColor: colors.text },
  '&:focus': { borderColor: colors.primary, boxShadow: `inset 0 0 0 1px ${colors.primary}` },
  '&:focus-visible': focusRing,
  '&[aria-invalid="true"]': { borderColor: colors.error },
  '&[aria-invalid="true"]:focus': { boxShadow: `inset 0 0 0 1px ${colors.error}` },
  '&:disabled': { color: colors.textSecondary, backgroundColor: colors.background, cursor: 'not-allowed' },
} as const;

export const Input = styled('input')(control);
export const Textarea = styled('textarea')({ ...control, resize: 'vertical' });
export const Select = styled('select')(control);

/** Under the control; a blank line while there is nothing to say, so an error does not move the page. */
export const HelpText = styled('p')({
  color: colors.textSecondary,
  fontSize: '0.75rem',
  lineHeight: 1.66,
  minHeight: '1.66em',
  margin: '3px 0 0',
  '&[data-error]': { color: colors.error },
});

/** A radio group's frame: no box, the legend read as the question. */
export const Fieldset = styled('fieldset')({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const Legend = styled('legend')({
  color: colors.text,
  fontSize: '1rem',
  lineHeight: 1.5,
  padding: 0,
  marginBottom: 4,
  '&[data-error]': { color: colors.error },
});

/** The answers side by side, wrapping on a narrow screen. */
export const Choices = styled('div')({ display: 'flex', flexWrap: 'wrap', columnGap: 24, rowGap: 4 });

/** One answer: the radio and its text, the whole line clickable (a 24 px target at least, WCAG 2.5.8). */
export const Choice = styled('label')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 40,
  cursor: 'pointer',
  color: colors.text,
  '& input': { width: 20, height: 20, margin: 0, accentColor: colors.primary, cursor: 'inherit' },
  '& input:focus-visible': focusRing,
  '& input:disabled, & input:disabled + span': { cursor: 'not-allowed', color: colors.textSecondary },
});
