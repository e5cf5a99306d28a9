import { useEffect } from 'react';

/** Each page names itself in the tab title, as screen reader users expect (RGAA 8.6). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — Guichet numérique étudiant`;
  }, [title]);
}
