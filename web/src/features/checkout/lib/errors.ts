import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';

/**
 * spec 3 §8 and spec 1 §8 'Cart checkout errors': the message each code of the cart-checkout service shows (i18n
 * keys of the checkout texts). The server's own `message` is never shown.
 */
const MESSAGE_BY_CODE = {
  insufficient_stock: 'errors.insufficient_stock',
  out_of_stock: 'errors.out_of_stock',
  unavailable_for_sale: 'errors.unavailable_for_sale',
  quantity_exceeded: 'errors.insufficient_stock',
  max_purchase_amount_exceeded: 'errors.max_purchase_amount_exceeded',
  item_not_found: 'errors.item_not_found',
  slug_public_was_alrready_generated: 'errors.slug_public_was_alrready_generated',
  supplier_not_configured: 'errors.supplier_not_configured',
  cart_order_not_found: 'errors.cart_order_not_found',
  checkout_not_found: 'errors.checkout_not_found',
  checkout_expired: 'errors.checkout_expired',
  no_shipping_options: 'errors.no_shipping_options',
  no_rates_for_destination: 'errors.no_rates_for_destination',
  courier_quote_failed: 'errors.courier_quote_failed',
  branches_not_available: 'errors.branches_not_available',
  fixed_delivery_not_available: 'errors.no_shipping_options',
  rate_not_found: 'errors.rate_not_found',
  branch_not_found: 'errors.branches_not_available',
  address_not_found: 'errors.address_not_found',
  address_limit_reached: 'errors.address_limit_reached',
  invalid_state: 'errors.address_save',
  invalid_postal_code: 'errors.invalid_postal_code',
  invalid_phone: 'errors.invalid_phone',
  scheduled_date_required: 'errors.scheduled_date_required',
  invalid_scheduled_date: 'errors.invalid_scheduled_date',
  idempotency_key_in_flight: 'errors.in_flight',
  idempotency_key_reused: 'errors.generic',
  rate_limited: 'errors.rate_limited',
  [NETWORK_ERROR_CODE]: 'errors.network',
} as const;

export type CheckoutErrorKey = (typeof MESSAGE_BY_CODE)[keyof typeof MESSAGE_BY_CODE] | 'errors.generic' | 'errors.forbidden';

export function errorCode(error: unknown): string | null {
  return isApiError(error) ? error.code : null;
}

/** The message for a failed checkout call; `fallback` for codes this page does not know. */
export function checkoutErrorKey(error: unknown, fallback: CheckoutErrorKey = 'errors.generic'): CheckoutErrorKey {
  const code = errorCode(error);
  if (code && Object.hasOwn(MESSAGE_BY_CODE, code)) return MESSAGE_BY_CODE[code as keyof typeof MESSAGE_BY_CODE];
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'errors.forbidden';
  if (isApiError(error) && error.status === 404) return 'errors.checkout_not_found';
  return fallback;
}

/**
 * spec 1 §8 'Cart checkout errors': creating a checkout knows three stock codes and the public-slug one; any other
 * code says the supplier is missing configuration.
 */
export function createCheckoutErrorKey(error: unknown): CheckoutErrorKey {
  const code = errorCode(error);
  if (code === 'insufficient_stock' || code === 'out_of_stock' || code === 'unavailable_for_sale') return MESSAGE_BY_CODE[code];
  if (code === 'slug_public_was_alrready_generated') return MESSAGE_BY_CODE[code];
  if (code === NETWORK_ERROR_CODE) return 'errors.network';
  return 'errors.supplier_not_configured';
}

/** A write to an expired checkout (410): the page switches to the expired notice. */
export function isExpiredError(error: unknown): boolean {
  return isApiError(error) && (error.code === 'checkout_expired' || error.status === 410);
}

/** Lines the server adjusted down or set apart when stock ran short (spec 3 §4 'Stock handling'). */
export interface StockRefusal {
  adjusted: Array<{ item_id: string; requested: number; amount: number }>;
  unavailable: Array<{ item_id: string; reason: string }>;
}
