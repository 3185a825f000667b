import { useCallback, useEffect, useRef, useState } from 'react';
import { scheduleUndoable, secondsLeft, UNDO_WINDOW_MS, type Undoable } from '../domain/undo-countdown';

interface Pending {
  startedAt: number;
  undoable: Undoable;
}

/**
 * Pending undoable actions by key (spec 1 §4: 5 s 'Deleting' with Undo, then the call). `secondsOf(key)` is the
 * countdown to show, null when nothing is pending for that key.
 */
export function useUndoableActions() {
  const pending = useRef(new Map<string, Pending>());
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    const timer = setInterval(() => {
      if (pending.current.size > 0) rerender();
    }, 250);
    const map = pending.current;
    return () => {
      clearInterval(timer);
      // Leaving the screen cancels what has not started: nothing is deleted behind the owner's back.
      for (const entry of map.values()) entry.undoable.cancel();
      map.clear();
    };
  }, [rerender]);

  const start = useCallback(
    (key: string, action: () => Promise<unknown>, onDone: (result: Awaited<Undoable['done']>) => void) => {
      if (pending.current.has(key)) return;
      const undoable = scheduleUndoable(action, UNDO_WINDOW_MS);
      pending.current.set(key, { startedAt: Date.now(), undoable });
      rerender();
      void undoable.done.then((result) => {
        pending.current.delete(key);
        rerender();
        onDone(result);
      });
    },
    [rerender],
  );

  const undo = useCallback((key: string) => {
    pending.current.get(key)?.undoable.cancel();
  }, []);

  const secondsOf = (key: string): number | null => {
    const entry = pending.current.get(key);
    return entry ? secondsLeft(entry.startedAt, Date.now()) : null;
  };

  return { start, undo, secondsOf };
}
