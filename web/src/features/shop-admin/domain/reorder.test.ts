import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveInList, POSITION_LOCK_MS, reorderWithLock } from './reorder';

describe('catalogue reorder (spec 1 §4: 2.5 s lock, rollback on failure)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves an element', () => {
    expect(moveInList(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveInList(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('shows the new order at once, sends the 1-based position and unlocks after 2.5 s', async () => {
    const setList = vi.fn();
    const setLocked = vi.fn();
    const move = vi.fn().mockResolvedValue(undefined);
    const onError = vi.fn();
    const done = reorderWithLock(['a', 'b', 'c'], 0, 2, { move, setList, setLocked, onError });
    expect(setList).toHaveBeenLastCalledWith(['b', 'c', 'a']);
    expect(setLocked).toHaveBeenLastCalledWith(true);
    expect(move).toHaveBeenCalledWith('a', 3);
    await vi.advanceTimersByTimeAsync(POSITION_LOCK_MS - 1);
    expect(setLocked).toHaveBeenLastCalledWith(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(setLocked).toHaveBeenLastCalledWith(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('restores the old order with an error when the update fails', async () => {
    const setList = vi.fn();
    const setLocked = vi.fn();
    const error = new Error('nope');
    const onError = vi.fn();
    const done = reorderWithLock(['a', 'b', 'c'], 2, 0, { move: () => Promise.reject(error), setList, setLocked, onError });
    await vi.advanceTimersByTimeAsync(0);
    expect(setList).toHaveBeenNthCalledWith(1, ['c', 'a', 'b']);
    expect(setList).toHaveBeenLastCalledWith(['a', 'b', 'c']);
    expect(onError).toHaveBeenCalledWith(error);
    await vi.advanceTimersByTimeAsync(POSITION_LOCK_MS);
    await expect(done).resolves.toBe(false);
    expect(setLocked).toHaveBeenLastCalledWith(false);
  });

  it('ignores a drop on the same place', async () => {
    const move = vi.fn();
    await expect(reorderWithLock(['a'], 0, 0, { move, setList: vi.fn(), setLocked: vi.fn(), onError: vi.fn() })).resolves.toBe(false);
    expect(move).not.toHaveBeenCalled();
  });
});
