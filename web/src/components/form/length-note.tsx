import { styled } from '@mui/material/styles';
import { type ClipboardEvent, useRef, useState } from 'react';
import { colors } from '../../lib/colors.ts';

/** A short field (a postal code, a phone) needs no counter: its limit is plain to see. */
const COUNTED_FROM = 50;
/** From this share of its limit on, a longer field says how many characters it holds. */
const NEAR = 0.8;

export const lengthCount = (length: number, max: number) => `${length} / ${max} caractères`;
export const pasteCut = (max: number) =>
  `Le texte collé était trop long : il a été coupé à ${max} caractères. Vérifiez sa fin.`;

const Note = styled('p')({
  color: colors.textSecondary,
  fontSize: '0.75rem',
  lineHeight: 1.66,
  margin: 0,
  '&[data-error]': { color: colors.error },
});

/**
 * A text field's length near its limit (`maxLength`, from the contract): a counter once the text
 * nears it, and a message when pasted text was longer and the browser kept only its beginning
 * (cut, not refused: the person keeps what fits and reads that the end is missing).
 */
export function useLengthNote(
  id: string,
  maxLength: number | undefined,
  length: number,
  counter: 'near' | 'always' = 'near',
) {
  const [cut, setCut] = useState(false);
  // The input event a paste causes keeps its message; the next typed one clears it.
  const pasting = useRef(false);
  const counted = !!maxLength && (counter === 'always' || (maxLength >= COUNTED_FROM && length >= maxLength * NEAR));
  const noteId = `${id}-longueur`;
  return {
    /** Added to the control's `aria-describedby` while the note says something. */
    describedBy: counted || cut ? noteId : undefined,
    handlers: {
      onPaste: (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (!maxLength) return;
        const { value, selectionStart, selectionEnd } = event.currentTarget;
        const kept = value.length - ((selectionEnd ?? 0) - (selectionStart ?? 0));
        pasting.current = true;
        setCut(kept + event.clipboardData.getData('text').length > maxLength);
      },
      onKeyDown: () => {
        pasting.current = false;
      },
    },
    /** Called on each change of the field's text. */
    changed: () => {
      if (pasting.current) pasting.current = false;
      else setCut(false);
    },
    note: maxLength ? (
      <Note id={noteId} data-error={cut || undefined}>
        {counted && <span>{lengthCount(length, maxLength)}</span>}
        {counted && cut && ' — '}
        {/* Always there, so that a screen reader hears the message when it appears; not a `status`
            role: a form's own success message is its one status. */}
        <span aria-live="polite">{cut ? pasteCut(maxLength) : ''}</span>
      </Note>
    ) : null,
  };
}
