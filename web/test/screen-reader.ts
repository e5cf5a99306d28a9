/** What a screen reader reads of the page, for component tests. */

/** The text a control points to through its aria-describedby (its error or help). */
export const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
