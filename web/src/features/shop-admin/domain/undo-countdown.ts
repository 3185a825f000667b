/** spec 1 §9 'Undo windows': catalogue, product and franchise removal wait 5000 ms. */
export const UNDO_WINDOW_MS = 5_000;

export interface Undoable {
  /** Cancels the pending action; true when it had not started yet. */
  cancel(): boolean;
  /** Settles when the action ran (with its result) or was cancelled (with `cancelled: true`). */
  done: Promise<{ cancelled: true } | { cancelled: false; ok: boolean; error?: unknown }>;
}

/**
 * spec 1 §4 'Catalogue delete': the action waits out the undo window, then runs once. Cancelling inside the
 * window means the call is never sent.
 */
export function scheduleUndoable(action: () => Promise<unknown>, delayMs = UNDO_WINDOW_MS): Undoable {
  let state: 'waiting' | 'running' | 'cancelled' = 'waiting';
  let settle!: (value: Awaited<Undoable['done']>) => void;
  const done = new Promise<Awaited<Undoable['done']>>((resolve) => {
    settle = resolve;
  });
  const timer = setTimeout(() => {
    if (state !== 'waiting') return;
    state = 'running';
    action().then(
      () => settle({ cancelled: false, ok: true }),
      (error: unknown) => settle({ cancelled: false, ok: false, error }),
    );
  }, delayMs);
  return {
    cancel() {
      if (state !== 'waiting') return false;
      state = 'cancelled';
      clearTimeout(timer);
      settle({ cancelled: true });
      return true;
    },
    done,
  };
}

/** Whole seconds left of a window that started at `startedAt` (for the 'Deleting… 5' label). */
export function secondsLeft(startedAt: number, now: number, delayMs = UNDO_WINDOW_MS): number {
  return Math.max(0, Math.ceil((startedAt + delayMs - now) / 1000));
}
