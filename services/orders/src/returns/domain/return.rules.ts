import { ReturnErrorCodes, type CatalogueReturnInfo, type ReturnErrorCode } from '@vitrina/contracts';

/** What deciding a return needs of an order (plain data: no Nest, no Drizzle). */
export interface ReturnableOrder {
  state: string;
  deliveredAt: Date | null;
  returnDeadline: Date | null;
}

/** spec 3 §4: a request may be made until 72 h after receipt (the configured window), capped by the return deadline. */
export function returnUntil(order: ReturnableOrder, windowMs: number): Date | null {
  if (!order.deliveredAt || !order.returnDeadline) return null;
  return new Date(Math.min(order.deliveredAt.getTime() + windowMs, order.returnDeadline.getTime()));
}

/**
 * Why the order's customer may not request a return now, or null when they may (spec 3 §4 'Returns': only after
 * the purchase was received, within 72 hours of receipt and before the return deadline; never a cancelled order;
 * one open request at a time). The item terms (return_type 'disallowed') are judged apart, from the catalogue.
 */
export function returnRefusal(order: ReturnableOrder, now: Date, windowMs: number, hasOpenRequest: boolean): ReturnErrorCode | null {
  if (order.state === 'cancelled_by_customer' || order.state === 'cancelled_by_supplier') return ReturnErrorCodes.orderCancelled;
  if (order.state !== 'delivered' || !order.deliveredAt) return ReturnErrorCodes.orderNotReceived;
  if (hasOpenRequest) return ReturnErrorCodes.returnAlreadyOpen;
  const until = returnUntil(order, windowMs);
  // an order delivered without a return deadline (a counter sale) is undone at the counter
  if (!until || now.getTime() > until.getTime()) return ReturnErrorCodes.returnDeadlineExpired;
  return null;
}

/** An item the catalogue no longer has counts as returnable within 72 h, with no fees. */
export const DEFAULT_RETURN_INFO: CatalogueReturnInfo = { return_type: '72hrs', return_fees: 'free' };

/**
 * The order's return terms: those of the first line whose item allows returns (`undefined` items are gone from the
 * catalogue: allowed, no fees). Null when every line says 'disallowed'.
 */
export function orderReturnInfo(perLine: (CatalogueReturnInfo | null | undefined)[]): CatalogueReturnInfo | null {
  for (const info of perLine) {
    if (info === undefined) return DEFAULT_RETURN_INFO;
    // an item with no terms set is returnable within the platform's window
    if (info === null) return DEFAULT_RETURN_INFO;
    if (info.return_type !== 'disallowed') return info;
  }
  return null;
}

/** spec 3 §3 'Return info': the restocking fee kept from the goods, a percentage when return_fees is 'restocking_fees'. */
export function restockingOf(info: CatalogueReturnInfo | null, goodsMinor: number): number {
  if (!info || info.return_fees !== 'restocking_fees') return 0;
  const pct = Math.min(100, Math.max(0, Math.trunc(info.restocking_fees ?? 0)));
  return Math.floor((goodsMinor * pct) / 100);
}

/** spec 3 §3 'Refund': amount available = captured − refunded (pending included) − restocking, never below 0. */
export function availableOf(capturedMinor: number, refundedMinor: number, restockingMinor: number): number {
  return Math.max(0, capturedMinor - refundedMinor - restockingMinor);
}

/** What the platform captured for an order: its total when prepaid, nothing when paid later. */
export function capturedOf(order: { prepaid: boolean; totalMinor: number }): number {
  return order.prepaid ? order.totalMinor : 0;
}
