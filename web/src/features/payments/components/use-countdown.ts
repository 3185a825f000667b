import { useEffect, useEffectEvent, useState } from 'react';
import { secondsUntil } from '../lib/countdown';

/** Whole seconds left until `deadline` (epoch ms), ticking every second; `onZero` once it reaches 0. */
export function useCountdown(deadline: number | null, now: () => number = Date.now, onZero?: () => void): number | null {
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
  return left;
}
