/**
 * Gapped order keys (issue 18): an owner's catalogues, and the products inside a catalogue, are ordered by a bigint
 * key, `POSITION_GAP` apart when (re)normalised. A move writes only the moved row, with a key halfway between its new
 * neighbours; 32 moves into the very same gap exhaust it, and only then are that set's keys respaced (one UPDATE of
 * that owner's / that catalogue's rows). Clients never see keys: their 1-based `position` is the rank, read from the
 * `(scope, sort_key, id)` index.
 */

/** Distance between neighbouring keys after a renormalisation (and between appended rows). */
export const POSITION_GAP = 2 ** 32;
/** Keys stay within ±MAX_KEY: exact in a JS number (2^53) with room to spare; beyond it the set is respaced. */
export const MAX_KEY = 2 ** 50;

export interface Keyed {
  id: string;
  key: number;
}

/** A key strictly between `prev` and `next` (either may be absent: an end of the list), or undefined when no room. */
export function keyBetween(prev: number | undefined, next: number | undefined): number | undefined {
  if (prev === undefined && next === undefined) return POSITION_GAP;
  if (next === undefined) return prev! + POSITION_GAP <= MAX_KEY ? prev! + POSITION_GAP : undefined;
  if (prev === undefined) return next - POSITION_GAP >= -MAX_KEY ? next - POSITION_GAP : undefined;
  if (next - prev < 2) return undefined;
  return prev + Math.floor((next - prev) / 2);
}

/** Keys for `count` rows appended after `last` (null: an empty set), or undefined when they would pass MAX_KEY. */
export function appendKeys(last: number | null, count: number, gap = POSITION_GAP): number[] | undefined {
  const base = last ?? 0;
  if (base + gap * count > MAX_KEY) return undefined;
  return Array.from({ length: count }, (_v, i) => base + gap * (i + 1));
}

/** The gap a renormalisation of `n` rows uses: `POSITION_GAP`, smaller only for sets too large for it. */
export function renormaliseGap(n: number): number {
  return Math.max(2, Math.min(POSITION_GAP, Math.floor(MAX_KEY / (n + 1))));
}

/** `(key, id)` order, the order every read uses. */
export function before(a: Keyed, b: Keyed): boolean {
  return a.key < b.key || (a.key === b.key && a.id < b.id);
}

/** What `place` needs from one ordered set (an owner's catalogues, a catalogue's products). */
export interface OrderedSet {
  count(): Promise<number>;
  /** Rows at 0-based offsets `offset`..`offset+limit-1` in `(key, id)` order, leaving `excluded` out. */
  slice(excluded: string, offset: number, limit: number): Promise<Keyed[]>;
  setKey(id: string, key: number): Promise<void>;
  /** Respaces every key of the set as rank × gap (same order). */
  renormalise(gap: number): Promise<void>;
}

/**
 * Moves `moved` to the 1-based `position` (clamped to 1..n): reads its two new neighbours and writes its key only.
 * When the gap between them is exhausted the set is renormalised first (rare, bounded: one statement over the set).
 * Answers the position it now has and the size of the set. Callers hold the set's lock (owner advisory lock /
 * catalogue row lock).
 */
export async function place(set: OrderedSet, moved: Keyed, position: number): Promise<{ position: number; n: number }> {
  const n = await set.count();
  const target = Math.min(Math.max(position, 1), n);
  for (let attempt = 0; ; attempt++) {
    const around = await set.slice(moved.id, Math.max(target - 2, 0), target > 1 ? 2 : 1);
    const prev = target > 1 ? around[0] : undefined;
    const next = target > 1 ? around[1] : around[0];
    if (attempt === 0 && (!prev || before(prev, moved)) && (!next || before(moved, next))) return { position: target, n };
    const key = keyBetween(prev?.key, next?.key);
    if (key !== undefined) {
      await set.setKey(moved.id, key);
      return { position: target, n };
    }
    if (attempt > 0) throw new Error('no room for an order key after renormalising');
    await set.renormalise(renormaliseGap(n));
  }
}
