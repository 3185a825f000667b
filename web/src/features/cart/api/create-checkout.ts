import { api } from '@/api/client';
import { unwrapCart } from './http';
import type { Checkout } from './types';

export interface CheckoutOrderRef {
  cartId: string;
  supplierId: string;
  dssupplierId: string | null;
}

/** Affiliate parameters the checkout carries (spec 1 §3, spec 3 §3); empty ones are left out (spec 3 §3). */
export interface AffiliateParams {
  referral?: string;
  campaign?: string;
  click_id?: string;
}

/**
 * `POST /api/shopping-carts/{cart_id}/checkout` (spec 3 §4 step 1): reserves the order's stock and answers the
 * checkout. The Idempotency-Key makes a repeated click or retry answer the same checkout.
 */
export function createCheckout(ref: CheckoutOrderRef, affiliate: AffiliateParams, idempotencyKey: string): Promise<Checkout> {
  return unwrapCart(
    api.POST('/api/shopping-carts/{cart_id}/checkout', {
      params: { path: { cart_id: ref.cartId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { supplier_id: ref.supplierId, ...(ref.dssupplierId ? { dssupplier_id: ref.dssupplierId } : {}), ...affiliate },
    }),
  );
}

/** `POST /api/checkout/instant` ('Comprar ahora'): a one-line checkout, in the chosen variant, that leaves the cart alone. */
export function buyNow(
  shopSlug: string,
  itemId: string,
  amount: number,
  affiliate: AffiliateParams,
  idempotencyKey: string,
  variant?: Record<string, string>,
): Promise<Checkout> {
  return unwrapCart(
    api.POST('/api/checkout/instant', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: {
        shop_slug: shopSlug,
        item_id: itemId,
        amount,
        ...(variant && Object.keys(variant).length > 0 ? { variant } : {}),
        ...affiliate,
      },
    }),
  );
}
