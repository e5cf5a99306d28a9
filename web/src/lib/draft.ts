import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Unsaved edits of a staff page's form, kept in this tab's sessionStorage under the page's address:
 * when the session ends mid-form (401 → login → back to the page), the edits come back. Written as
 * they change, removed once the form equals the stored record again (saved, or undone).
 */
const PREFIX = 'guichet.brouillon:';

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused or full: the edits then live only on the page, as before.
  }
}

/** JSON with the keys of every object in order: two equal forms compare equal, whatever their key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export type Draft = {
  /** Edits were found and put back in the form when the page opened. */
  restored: boolean;
  /** Forgets the kept edits (the caller puts the stored values back in the form). */
  discard: () => void;
};

/**
 * `values`: the form's current values; `dirty`: whether they differ from the stored record;
 * `restore`: puts kept values back into the form (called once, when the page opens).
 * `scope` separates two forms of one page.
 */
export function useDraft<T>(options: { values: T; dirty: boolean; restore: (values: T) => void; scope?: string }) {
  const { pathname } = useLocation();
  const key = `${PREFIX}${pathname}${options.scope ? `#${options.scope}` : ''}`;
  const [restored, setRestored] = useState(false);
  // The render that puts kept edits back still shows the record's values: nothing is written then.
  const skip = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const kept = read<T>(key);
    if (kept === null) return;
    // Edits equal to the record as it now is were saved meanwhile: nothing to bring back.
    if (stable(kept) === stable(latest.current.values)) {
      write(key, undefined);
      return;
    }
    skip.current = true;
    latest.current.restore(kept);
    setRestored(true);
  }, [key]);

  const serialized = stable(options.values);
  useEffect(() => {
    if (skip.current) {
      skip.current = false;
      return;
    }
    write(key, options.dirty ? JSON.parse(serialized) : undefined);
    if (!options.dirty) setRestored(false);
  }, [key, serialized, options.dirty]);

  const discard = useCallback(() => {
    write(key, undefined);
    setRestored(false);
  }, [key]);

  return { restored, discard } satisfies Draft;
}

/** Forgets every form's kept edits on this page: « Recharger » after a conflict shows the stored record. */
export function discardDrafts(pathname: string) {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key === `${PREFIX}${pathname}` || key.startsWith(`${PREFIX}${pathname}#`)) sessionStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
}
