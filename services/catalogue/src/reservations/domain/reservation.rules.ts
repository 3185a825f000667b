import type { ReserveLine, ReserveLineOutcome, ReserveRefusalCode } from '@vitrina/contracts';

/** One item's line of a reservation after aggregation. */
export interface AggregatedLine {
  itemId: string;
  quantity: number;
}

/**
 * Sums the lines of one item and sorts by item id: the order the items are locked in, so two checkouts
 * reserving overlapping items always queue on them in the same order (no deadlock).
 */
export function aggregateLines(lines: readonly ReserveLine[]): AggregatedLine[] {
  const byItem = new Map<string, number>();
  for (const l of lines) byItem.set(l.itemId, (byItem.get(l.itemId) ?? 0) + l.quantity);
  return [...byItem.entries()]
    .map(([itemId, quantity]) => ({ itemId, quantity }))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/** What the catalogue knows of an item's stock, read when a line did not fit. */
export interface StockState {
  deletedAt: Date | null;
  listState: string;
  hidden: boolean;
  soldOut: boolean;
  type: string;
  experienceDate: Date | null;
  stockType: string;
  available: number | null;
  reserved: number;
}

/** True when the stock is not counted: made on demand, or no number kept. Such lines hold nothing. */
export function untracked(s: Pick<StockState, 'stockType' | 'available'>): boolean {
  return s.stockType === 'ondemand' || s.available === null;
}

/** Units others can still reserve (never below 0), or null when not counted. */
export function unitsLeft(s: Pick<StockState, 'stockType' | 'available' | 'reserved'>): number | null {
  return untracked(s) ? null : Math.max(0, s.available! - s.reserved);
}

/** Not for sale: deleted, not published, hidden, or an experience whose date has passed. */
export function unavailableForSale(s: StockState, now: Date): boolean {
  return (
    s.deletedAt !== null ||
    s.listState !== 'published' ||
    s.hidden ||
    (s.type === 'experience' && s.experienceDate !== null && s.experienceDate.getTime() <= now.getTime())
  );
}

/**
 * The outcome of asking `requested` units of an item in state `s` (undefined: no such item). Mirrors the
 * conditional UPDATE of the reservation repository; used to explain a refusal, never to decide one.
 */
export function classifyLine(itemId: string, requested: number, s: StockState | undefined, now: Date): ReserveLineOutcome {
  if (!s) return { itemId, requested, available: null, code: 'item_not_found' };
  const left = unitsLeft(s);
  if (unavailableForSale(s, now)) return { itemId, requested, available: left, code: 'unavailable_for_sale' };
  // The owner's "sold out" switch: nothing left whatever the count says.
  if (s.soldOut) return { itemId, requested, available: 0, code: 'out_of_stock' };
  if (left === null || left >= requested) return { itemId, requested, available: left };
  return { itemId, requested, available: left, code: left === 0 ? 'out_of_stock' : 'insufficient_stock' };
}

/** Most telling refusal first: the answer's top-level code is the first of these a line has. */
const REFUSAL_ORDER: readonly ReserveRefusalCode[] = ['item_not_found', 'unavailable_for_sale', 'out_of_stock', 'insufficient_stock'];

export function refusalCode(lines: readonly ReserveLineOutcome[]): ReserveRefusalCode | undefined {
  return REFUSAL_ORDER.find((code) => lines.some((l) => l.code === code));
}
