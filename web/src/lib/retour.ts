import { pages } from './paths.ts';

/**
 * Where the agent was when the session ended (a 401 mid-work): kept in this tab's sessionStorage
 * and taken back once, after the next sign-in. Only a path of the staff area is ever followed, so
 * a value planted in the storage cannot send the agent to another site (no open redirect).
 */
const KEY = 'guichet.retour';

/** A path of the staff area on this site, or null: `/admin/…`, never `//host`, `\`, a scheme or the login page. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith(`${pages.admin.root}/`) || /[\\\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || !url.pathname.startsWith(`${pages.admin.root}/`)) return null;
  if (url.pathname === pages.admin.login) return null;
  return url.pathname + url.search;
}

/** Remembers the page on show, before the browser leaves for /logout. */
export function rememberReturn() {
  const here = safeReturnPath(window.location.pathname + window.location.search);
  try {
    if (here) sessionStorage.setItem(KEY, here);
  } catch {
    // Storage refused (private mode, quota): the agent then lands on its first screen, as before.
  }
}

/** The page to go back to after signing in (null when there is none, or not a staff page). */
export function peekReturn(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Once back (or signed in anyway), the page is not returned to a second time. */
export function forgetReturn() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
