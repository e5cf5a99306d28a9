import { type Checked, type Drafts, emptyDrafts } from './wizard-form.ts';

/**
 * What the wizard keeps of an offer being typed, in the tab's own storage (`sessionStorage`): a
 * reload or the browser's Back and Forward lose nothing, and closing the tab forgets it. Nothing
 * goes to `localStorage` (a shared computer would show the next person someone's address).
 */
export type WizardSession = {
  drafts: Drafts;
  /** Each step as the server accepted it; a step changed since then must be checked again. */
  checked: Checked;
  /** The person changed a field since the wizard started: leaving asks first. */
  touched: boolean;
};

// The version in the key: a draft kept by an older build of the page is not read as this one's.
const KEY = 'guichet.assistant-logement.v1';

export const freshSession = (proprietaire?: Drafts['proprietaire']): WizardSession => {
  const empty = emptyDrafts();
  return { drafts: { ...empty, proprietaire: proprietaire ?? empty.proprietaire }, checked: {}, touched: false };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The kept session, its drafts completed with every field; none when absent, unreadable or storage is off. */
export function readSession(): WizardSession | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const kept: unknown = JSON.parse(raw);
    if (!isRecord(kept) || !isRecord(kept.drafts) || !isRecord(kept.checked)) return undefined;
    const { proprietaire, logement } = kept.drafts;
    if (!isRecord(proprietaire) || !isRecord(logement)) return undefined;
    const empty = emptyDrafts();
    return {
      drafts: {
        proprietaire: { ...empty.proprietaire, ...proprietaire },
        logement: { ...empty.logement, ...logement },
      },
      checked: kept.checked as Checked,
      touched: kept.touched === true,
    };
  } catch {
    return undefined;
  }
}

export function writeSession(session: WizardSession) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage full or turned off: the wizard still works, only a reload would lose the draft.
  }
}

export function clearSession() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage turned off: nothing was kept.
  }
}

/** Each screen of the wizard in the address (`?etape=`), so the browser's Back and Forward move between them. */
const SLUGS = ['', 'logement', 'recapitulatif', 'confirmation'] as const;
export const CONFIRMATION = SLUGS.length - 1;
export const stepOfSearch = (search: URLSearchParams) =>
  Math.max(0, SLUGS.indexOf((search.get('etape') ?? '') as (typeof SLUGS)[number]));
export const searchOfStep = (step: number) => (step === 0 ? '' : `?etape=${SLUGS[step]}`);
