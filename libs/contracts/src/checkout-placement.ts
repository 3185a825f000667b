import type { PayLaterType } from './api/cart-checkout/delivery.js';
import { SERVICES, serviceUrlVariable } from './services.js';
import { internalJsonPost, type InternalPost } from './internal-call.js';
import type { CheckoutOrderSnapshot } from './orders-events.js';

/**
 * The orders service's one synchronous call into cart-checkout (issue 13): `POST /{me}:{me}/orders` turns a
 * checkout into an order at once. For a paid checkout it answers the snapshot (the order may not have arrived by
 * event yet); for a ready checkout and a pay-later method it places the checkout (ready → placed, with
 * `cart.checkout.placed` in the same transaction) and answers the snapshot. Idempotent per checkout.
 */
export const CHECKOUT_PLACEMENT_PATH = '/internal/checkouts';
export const CHECKOUT_PLACEMENT_TIMEOUT_MS = 3_000;

export interface PlaceCheckoutRequest {
  checkoutId: string;
  userId: string;
  supplierId?: string;
  /** A pay-later method for a ready checkout; absent to take a paid checkout's snapshot. */
  paymentType?: PayLaterType;
}

export interface CheckoutPlacement {
  place(request: PlaceCheckoutRequest): Promise<CheckoutOrderSnapshot>;
}

export class CheckoutPlacementUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CheckoutPlacementUnavailable';
  }
}
/** cart-checkout refused: 404 checkout_not_found, 409 checkout_not_paid, 422 payment_type_not_pay_later, ... */
export class CheckoutPlacementRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutPlacementRefused';
  }
}

export function checkoutPlacementClient(options: {
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  /** The transport (default: fetch); Node services pass libs/platform's nodeHttpPost(). */
  post?: InternalPost;
  timeoutMs?: number;
}): CheckoutPlacement {
  const call = internalJsonPost(
    {
      ...options,
      baseUrl: `${options.baseUrl.replace(/\/+$/, '')}${CHECKOUT_PLACEMENT_PATH}`,
      timeoutMs: options.timeoutMs ?? CHECKOUT_PLACEMENT_TIMEOUT_MS,
    },
    (message, cause) => new CheckoutPlacementUnavailable(`cart-checkout placement: ${message}`, cause ? { cause } : undefined),
    (status, code, message) => new CheckoutPlacementRefused(status, code, message),
  );
  return {
    async place(request) {
      const { checkoutId, ...body } = request;
      return (await call(`/${encodeURIComponent(checkoutId)}/place`, body)) as CheckoutOrderSnapshot;
    },
  };
}

/** Where cart-checkout answers: SERVICE_URL_CART_CHECKOUT (instances comma-separated), else its default port on this host. */
export function cartCheckoutBaseUrls(env: Record<string, string | undefined>): string[] {
  const configured = env[serviceUrlVariable('cart-checkout')] || `http://127.0.0.1:${SERVICES['cart-checkout'].port}`;
  return configured
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}
