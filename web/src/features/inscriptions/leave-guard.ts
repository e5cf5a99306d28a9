import { useContext, useEffect } from 'react';
import { type Navigator, parsePath, type To, UNSAFE_NavigationContext, useLocation } from 'react-router';

export const QUITTER_ASSISTANT =
  "Votre offre n'est pas encore envoyée. Quitter cette page ? Ce que vous avez saisi reste dans cet onglet jusqu'à sa fermeture.";

/**
 * While `active`, leaving the page asks first: closing or reloading the tab through the browser's
 * own question (`beforeunload`), a link or a navigation to another page of the portal through
 * `confirm`. The portal's router has no data router (docs/decisions.md), so react-router's
 * `useBlocker` is not there: the router's navigator is wrapped instead, as long as the page asks.
 * A move inside the page (another step, `?etape=`) is not a departure.
 */
export function useLeaveGuard(active: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();

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
        if (leaves(to) && !window.confirm(QUITTER_ASSISTANT)) return;
        go(to, ...rest);
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [active, navigator, pathname]);
}
