import { useEffect } from 'react';

/** The server-rendered first paint of a shop home (services/gateway/src/web/shop-head.ts `firstPaintShell`). */
const FIRST_PAINT_ID = 'vt-first-paint';

/** The moment the app's own page replaced the server's first paint (bench/shop-home-weight.mjs reads it). */
export const APP_RENDERED_MARK = 'vitrina:app-rendered';

/**
 * Removes the server's first paint once the app has committed its own page over it: called by the pages a shop
 * home's first load can end on (the shop, its not-found and error pages). Safe to call anywhere, any number of times.
 */
export function useFirstPaintDone(): void {
  useEffect(() => {
    if (!document.getElementById(FIRST_PAINT_ID)) return undefined;
    performance.mark(APP_RENDERED_MARK);
    // Two frames: the app's page (its banner decoded from the same, already downloaded file) paints under the
    // picture first, so removing it never shows an empty frame.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => document.getElementById(FIRST_PAINT_ID)?.remove());
    });
    return () => cancelAnimationFrame(frame);
  }, []);
}
