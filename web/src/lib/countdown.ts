import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Countdowns the shopper watches (spec 3 §2 the checkout's time to finish the purchase; §9 the SPEI transfer's hour):
 * whole seconds left before a deadline, shown as `mm:ss` or `h:mm:ss`. Shared by the checkout and payments features.
 */

/** Whole seconds left before `deadline` (epoch ms) at `now` (never negative). */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `mm:ss`, or `h:mm:ss` from an hour up (the SPEI window starts at 1:00:00). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${String(minutes).padStart(2, '0')}:${rest}`;
}

/** Whole seconds left until `deadline` (epoch ms), ticking every second; `onZero` once it reaches 0. */
export function useCountdown<D extends number | null>(
  deadline: D,
  now: () => number = Date.now,
  onZero?: () => void,
): D extends number ? number : number | null {
  const [left, setLeft] = useState(() => (deadline === null ? null : secondsUntil(deadline, now())));
  const zero = useEffectEvent(() => onZero?.());
  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const next = secondsUntil(deadline, now());
      setLeft(next);
      if (next === 0) zero();
      return next;
    };
    if (tick() === 0) return undefined;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);
  return left as D extends number ? number : number | null;
}
