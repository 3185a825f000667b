/** spec 1 §9: the position-update lock lasts 2.5 s. */
export const POSITION_LOCK_MS = 2_500;

/** The list with the element at `from` moved to `to` (indexes in the list); a new array. */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export interface ReorderDeps<T> {
  /** Sends the position update: the item and its new 1-based position. */
  move(item: T, position: number): Promise<unknown>;
  /** Shows the new order (at once) and, on failure, the old one again. */
  setList(list: T[]): void;
  /** The 'updating position' lock. */
  setLocked(locked: boolean): void;
  onError(error: unknown): void;
  lockMs?: number;
}

/**
 * spec 1 §4 'Catalogue reorder': the row moves at once, the update is sent and the interface locks for 2.5 s
 * (longer if the call takes longer); on failure the old order returns with an error notice.
 * Resolves true when the move was kept.
 */
export async function reorderWithLock<T>(list: readonly T[], from: number, to: number, deps: ReorderDeps<T>): Promise<boolean> {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return false;
  const previous = list.slice();
  const item = list[from] as T;
  deps.setList(moveInList(list, from, to));
  deps.setLocked(true);
  const lock = new Promise<void>((resolve) => setTimeout(resolve, deps.lockMs ?? POSITION_LOCK_MS));
  let kept = true;
  try {
    await deps.move(item, to + 1);
  } catch (error) {
    kept = false;
    deps.setList(previous);
    deps.onError(error);
  }
  await lock;
  deps.setLocked(false);
  return kept;
}
