import { useReducedMotion } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';

/** spec 1 §9 'Banner slider on the storefront': autoplay every 5 s, speed 500 ms, pause on hover, infinite. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 500;

export type PauseReason = 'hover' | 'focus' | 'drag';

export interface AutoplayState {
  /** True while the slides advance on their own. */
  playing: boolean;
  /** The visitor's own pause/play control (WCAG 2.2.2: moving content can be paused). */
  toggle: () => void;
  /** Hover, keyboard focus inside or a touch drag hold the autoplay while they last. */
  hold: (reason: PauseReason, on: boolean) => void;
}

/**
 * The autoplay of a carousel: calls `advance` every `interval` ms while nothing holds it. It never starts on its
 * own for a visitor who asked the system for reduced motion (prefers-reduced-motion); the play control still
 * starts it. `restartKey` (the shown slide) restarts the wait after every move, manual or not.
 */
export function useAutoplay(
  advance: () => void,
  { enabled, interval = BANNER_AUTOPLAY_MS, restartKey }: { enabled: boolean; interval?: number; restartKey: unknown },
): AutoplayState {
  const reducedMotion = useReducedMotion();
  // null: the visitor has not chosen; the system's motion preference decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [holds, setHolds] = useState<Record<PauseReason, boolean>>({ hover: false, focus: false, drag: false });
  const wanted = chosen ?? !reducedMotion;
  const playing = enabled && wanted;
  const held = holds.hover || holds.focus || holds.drag;

  useEffect(() => {
    if (!playing || held) return undefined;
    const timer = window.setTimeout(advance, interval);
    return () => window.clearTimeout(timer);
  }, [playing, held, interval, advance, restartKey]);

  const toggle = useCallback(() => setChosen(!wanted), [wanted]);
  const hold = useCallback(
    (reason: PauseReason, on: boolean) => setHolds((current) => (current[reason] === on ? current : { ...current, [reason]: on })),
    [],
  );
  return { playing, toggle, hold };
}

/**
 * The slides whose images may load: the one shown and the next (the previous too once a drag starts, since a
 * swipe can bring it in). A slide keeps its image once loaded. Everything else waits, so a shop with 30 banners
 * downloads two images on arrival, not 30 (issue 10 §3 'Images').
 */
export function slidesToLoad(loaded: ReadonlySet<number>, index: number, count: number, withPrevious = false): Set<number> {
  const next = new Set(loaded);
  if (count === 0) return next;
  next.add(index);
  next.add((index + 1) % count);
  if (withPrevious) next.add((index - 1 + count) % count);
  return next;
}
