import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUndoable, secondsLeft, UNDO_WINDOW_MS } from './undo-countdown';

describe('delete with undo (spec 1 §4: 5 s "Deleting" countdown)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the call only after 5 seconds', async () => {
    const action = vi.fn().mockResolvedValue(undefined);
    const pending = scheduleUndoable(action);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(action).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(action).toHaveBeenCalledTimes(1);
    await expect(pending.done).resolves.toEqual({ cancelled: false, ok: true });
  });

  it('never sends the call when undone inside the window', async () => {
    const action = vi.fn().mockResolvedValue(undefined);
    const pending = scheduleUndoable(action);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(pending.cancel()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(action).not.toHaveBeenCalled();
    await expect(pending.done).resolves.toEqual({ cancelled: true });
  });

  it('cannot be undone once the call started, and reports a failure', async () => {
    const error = new Error('boom');
    const pending = scheduleUndoable(() => Promise.reject(error));
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(pending.cancel()).toBe(false);
    await expect(pending.done).resolves.toEqual({ cancelled: false, ok: false, error });
  });

  it('counts the seconds down from 5', () => {
    expect(secondsLeft(0, 0)).toBe(5);
    expect(secondsLeft(0, 1)).toBe(5);
    expect(secondsLeft(0, 4_100)).toBe(1);
    expect(secondsLeft(0, 6_000)).toBe(0);
  });
});
