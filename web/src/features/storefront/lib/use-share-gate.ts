import { useEffect, useState } from 'react';

/** spec 1 §9: 'Share gating delay 3 s'. */
export const SHARE_DELAY_MS = 3000;

/**
 * spec 1 §2 'Share items appear to non-anonymous users after 3 s' (§6: an anonymous visitor gets no share
 * options): true once a signed-in viewer has been on the page for 3 s; false for anonymous visitors.
 */
export function useShareGate(viewerId: string | null): boolean {
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (viewerId === null) return undefined;
    const timer = window.setTimeout(() => setOpen(viewerId), SHARE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [viewerId]);
  return viewerId !== null && open === viewerId;
}
