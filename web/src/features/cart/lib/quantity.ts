/**
 * Cart quantity rules (spec 1 §5, spec 3 §5): an integer ≥ 1; '.', 'e' and '-' cannot be typed; not above
 * `available` unless the item is made on demand; not above `max_purchase_amount` when set. The server applies the
 * same rules (the answer's codes are the same); checking here spares a round trip and says why at once.
 */

/** Keys a quantity field refuses (spec 1 §5 names '.', 'e', '-'; '+', 'E' and ',' are the same trick). */
const BLOCKED_KEYS = new Set(['.', ',', 'e', 'E', '-', '+']);

export function isBlockedQuantityKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}

/** What a typed value means: the digits only; empty while the shopper is still typing. */
export function parseQuantity(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  const value = Number.parseInt(digits, 10);
  return Number.isSafeInteger(value) ? value : null;
}

export interface QuantityLimits {
  available: number | null;
  stock_type: 'onstock' | 'ondemand';
  max_purchase_amount: number | null;
}

export type QuantityProblem =
  | { code: 'invalid_amount' }
  | { code: 'quantity_exceeded'; available: number }
  | { code: 'max_purchase_amount_exceeded'; max_purchase_amount: number };

/** Why `amount` cannot be in the cart, or null when it can. */
export function quantityProblem(amount: number, limits: QuantityLimits): QuantityProblem | null {
  if (!Number.isInteger(amount) || amount < 1) return { code: 'invalid_amount' };
  if (limits.max_purchase_amount !== null && amount > limits.max_purchase_amount) {
    return { code: 'max_purchase_amount_exceeded', max_purchase_amount: limits.max_purchase_amount };
  }
  if (limits.stock_type !== 'ondemand' && limits.available !== null && amount > limits.available) {
    return { code: 'quantity_exceeded', available: limits.available };
  }
  return null;
}

/** The minus control is disabled at 1 or less (spec 1 §5). */
export function canDecrement(amount: number): boolean {
  return amount > 1;
}
