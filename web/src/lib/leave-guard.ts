import { useContext, useEffect } from 'react';
import { type Navigator, parsePath, type To, UNSAFE_NavigationContext, useLocation } from 'react-router';

/** The page that asks before the browser's Back or Forward takes the person elsewhere, if any. */
let asking: { pathname: string; index: number | undefined; question: string } | undefined;

/**
 * Hears the browser's Back and Forward before the router does: to be called once, before the
 * router is drawn, since listeners run in the order they were added. Staying undoes the move by
 * as many entries as it jumped.
 */
export function guardHistoryBeforeRouter() {
  window.addEventListener('popstate', (event) => {
    if (!asking || window.location.pathname === asking.pathname || window.confirm(asking.question)) return;
    event.stopImmediatePropagation();
    const there = historyIndex(event.state);
    if (asking.index !== undefined && there !== undefined) window.history.go(asking.index - there);
  });
}

/**
 * While `active`, leaving the page asks `question` first: closing or reloading the tab through the
 * browser's own question (`beforeunload`), a link or a navigation to another page of the portal,
 * and the browser's Back and Forward, through `confirm`. The portal's router has no data router
 * (docs/decisions.md), so react-router's `useBlocker` is not there: the router's navigator is
 * wrapped instead, as long as the page asks. A move inside the page (`?etape=`) is not a departure.
 */
export function useLeaveGuard(active: boolean, question: string) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  // The key changes with each entry of the page: its position in the history is read again.
  const { pathname, key } = useLocation();

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const { push, replace } = navigator;
    const leaves = (to: To) => {
      const target = typeof to === 'string' ? parsePath(to).pathname : to.pathname;
      return !!target && target !== pathname;
    };
    const guard =
      (go: Navigator['push']): Navigator['push'] =>
      (to, ...rest) => {
        if (leaves(to) && !window.confirm(question)) return;
        go(to, ...rest);
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    asking = { pathname, index: historyIndex(window.history.state), question };
    return () => {
      asking = undefined;
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [active, question, navigator, pathname, key]);
}

/** The router's position in the tab's history, kept in each entry's state. */
const historyIndex = (state: unknown) =>
  typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number'
    ? (state as { idx: number }).idx
    : undefined;
