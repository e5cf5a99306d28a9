/**
 * What the server writes into every page it sends, read by the web before its first screen.
 * Free of zod, like pages.ts: the web's first download imports it (`@guichet/contract/page-data`).
 */

/** The id of the `<script type="application/json">` element holding the public params. */
export const PARAMS_ELEMENT_ID = 'params';

/** The ids of the elements holding the partner categories and the directory's themes (reference lists). */
export const CATEGORIES_ELEMENT_ID = 'categories';
export const FILTRES_ELEMENT_ID = 'filtres';
