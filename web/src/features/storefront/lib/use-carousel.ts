import { useCallback, useEffect, useState } from 'react';

/** spec 1 §9 'Banner slider on the storefront': autoplay every 5 s, speed 500 ms, pause on hover, infinite. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 500;

export interface CarouselState {
  index: number;
  count: number;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
  /** Hover, keyboard focus inside, or the visitor's own pause. */
  setPaused: (reason: 'hover' | 'focus', paused: boolean) => void;
  paused: boolean;
}

/**
 * One slide at a time, wrapping both ways (infinite). With two or more slides it advances every `interval`
 * ms unless paused; each manual move restarts the wait. A single slide never moves.
 */
export function useCarousel(count: number, interval = BANNER_AUTOPLAY_MS): CarouselState {
  const [index, setIndex] = useState(0);
  const [pauses, setPauses] = useState({ hover: false, focus: false });
  const paused = pauses.hover || pauses.focus;
  const safeIndex = count > 0 ? index % count : 0;

  const goTo = useCallback((target: number) => setIndex(count > 0 ? ((target % count) + count) % count : 0), [count]);
  const next = useCallback(() => setIndex((current) => (count > 0 ? (current + 1) % count : 0)), [count]);
  const previous = useCallback(() => setIndex((current) => (count > 0 ? (current - 1 + count) % count : 0)), [count]);

  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = window.setTimeout(next, interval);
    return () => window.clearTimeout(timer);
  }, [count, paused, interval, next, safeIndex]);

  const setPaused = useCallback((reason: 'hover' | 'focus', value: boolean) => setPauses((current) => ({ ...current, [reason]: value })), []);

  return { index: safeIndex, count, next, previous, goTo, setPaused, paused };
}
