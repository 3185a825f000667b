import { useSyncExternalStore } from 'react';
import { readResaleInfoFlag, writeResaleInfoFlag } from './viewer';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reseller-info toggle (spec 1 §4): kept in its cookie for 365 days; every card follows it at once. */
export function useResaleInfo(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readResaleInfoFlag, () => true);
  const set = (next: boolean) => {
    writeResaleInfoFlag(next);
    for (const listener of listeners) listener();
  };
  return [on, set];
}
