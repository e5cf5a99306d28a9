import { BANNER_MS } from '@guichet/contract/forms';
import type { SxProps, Theme } from '@mui/material';
import { forwardRef, type RefObject, useEffect, useRef, useState } from 'react';
import { Notice } from './notice.tsx';

export type Banner = { severity: 'success' | 'error'; text: string };

/**
 * A page's banner, hidden again after the spec's timings (docs/spec/portal-spec.md §9: success 3 s, error 5 s). Each
 * call to `show` is a new object, so the same message shown twice restarts its timer.
 */
export function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), banner.severity === 'success' ? BANNER_MS.succes : BANNER_MS.erreur);
    return () => clearTimeout(t);
  }, [banner]);
  return {
    banner,
    error: (text: string) => setBanner({ severity: 'error', text }),
    success: (text: string) => setBanner({ severity: 'success', text }),
    clear: () => setBanner(null),
  };
}

/**
 * After an action on a selection the pressed button is gone with the selection: `focusResult()` sends
 * the keyboard focus to the banner once it is on the page (a frame's delay lost that race under load).
 */
export function useFocusOnBanner(banner: Banner | null): {
  bannerRef: RefObject<HTMLDivElement | null>;
  focusResult: () => void;
} {
  const bannerRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (pending && banner) {
      bannerRef.current?.focus();
      setPending(false);
    }
  }, [pending, banner]);
  return { bannerRef, focusResult: () => setPending(true) };
}

/** The banner itself: an error is announced at once (alert), a success politely (status). */
export const BannerAlert = forwardRef<
  HTMLDivElement,
  { banner: Banner | null; onClose?: () => void; sx?: SxProps<Theme> }
>(function BannerAlert({ banner, onClose, sx }, ref) {
  if (!banner) return null;
  return (
    <Notice ref={ref} severity={banner.severity} onClose={onClose} sx={sx}>
      {banner.text}
    </Notice>
  );
});
