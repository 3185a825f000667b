import { api, unwrap } from '@/api/client';
import type { Checkout } from './types';

/**
 * A new checkout: from a cart order (`POST /shopping-carts/{cart_id}/checkout`) or one item at once
 * (`POST /checkout/instant`, 'Comprar ahora'). Used to start the page from `?supplier=` / `?item=` and to restart
 * an expired checkout. Stock is reserved by the server; a refusal says what was adjusted.
 */
export interface CartOrderCheckout {
  cart_id: string;
  supplier_id: string;
  dssupplier_id?: string;
  referral?: string;
  campaign?: string;
  click_id?: string;
}

export function createCartCheckout({ cart_id, ...body }: CartOrderCheckout, key: string): Promise<Checkout> {
  return unwrap(
    api.POST('/api/shopping-carts/{cart_id}/checkout', { params: { path: { cart_id }, header: { 'Idempotency-Key': key } }, body }),
  );
}

export function createInstantCheckout(body: { shop_slug: string; item_id: string; amount: number }, key: string): Promise<Checkout> {
  return unwrap(api.POST('/api/checkout/instant', { params: { header: { 'Idempotency-Key': key } }, body }));
}

/** `GET /cart/shops/{slug}`: the signed-in shopper's cart of the shop (its id is what a cart checkout needs). */
export async function getCartId(shopSlug: string): Promise<string | null> {
  const cart = await unwrap(api.GET('/api/cart/shops/{shop_slug}', { params: { path: { shop_slug: shopSlug } } }));
  return cart.cart_id;
}
