import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page may pin the colour scheme without touching the visitor's saved choice (the `theme` cookie): a shop
 * that does not allow dark mode is always light (spec 1 §2), and the visitor's preference applies again
 * everywhere else. The app provider passes the pinned value to Mantine's `forceColorScheme`.
 */
type Forced = 'light' | 'dark' | undefined;

let forced: Forced;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setForced(value: Forced) {
  if (forced === value) return;
  forced = value;
  for (const listener of listeners) listener();
}

export function useForcedColorScheme(): Forced {
  return useSyncExternalStore(
    subscribe,
    () => forced,
    () => undefined,
  );
}

/** Pins the scheme while the calling component is mounted; `undefined` pins nothing. */
export function useForceColorScheme(value: Forced): void {
  useEffect(() => {
    setForced(value);
    return () => setForced(undefined);
  }, [value]);
}
