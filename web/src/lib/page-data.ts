/**
 * Data the server wrote into the page (server/src/platform/web-app.ts): the JSON text of the
 * `<script type="application/json">` element with this id, parsed, or undefined when the page has
 * none or it does not parse. The caller checks its shape before use.
 */
export function inlinedJson(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** When this page was loaded: the age of what it carries (a query's `initialDataUpdatedAt`). */
export const PAGE_LOADED_AT = Date.now();
