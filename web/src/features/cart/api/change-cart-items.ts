import { api } from '@/api/client';
import { unwrapCart } from './http';
import type { Cart, CartLineInput } from './types';

/** `POST .../items`: adds `amount` to what the cart holds of the item. */
export function addCartItem(shopSlug: string, itemId: string, amount: number): Promise<Cart> {
  return unwrapCart(
    api.POST('/api/cart/shops/{shop_slug}/items', { params: { path: { shop_slug: shopSlug } }, body: { item_id: itemId, amount } }),
  );
}

/** `PUT .../items/{item_id}`: sets the quantity. */
export function updateCartItem(shopSlug: string, itemId: string, amount: number): Promise<Cart> {
  return unwrapCart(
    api.PUT('/api/cart/shops/{shop_slug}/items/{item_id}', {
      params: { path: { shop_slug: shopSlug, item_id: itemId } },
      body: { amount },
    }),
  );
}

/** `DELETE .../items/{item_id}`. */
export function deleteCartItem(shopSlug: string, itemId: string): Promise<Cart> {
  return unwrapCart(
    api.DELETE('/api/cart/shops/{shop_slug}/items/{item_id}', { params: { path: { shop_slug: shopSlug, item_id: itemId } } }),
  );
}

/**
 * `POST .../bulk`: the anonymous visitor's local cart merged at sign-in (quantities summed and clamped by the
 * server; its `adjustments` say what changed).
 */
export function mergeCart(shopSlug: string, items: readonly CartLineInput[]): Promise<Cart> {
  return unwrapCart(
    api.POST('/api/cart/shops/{shop_slug}/bulk', { params: { path: { shop_slug: shopSlug } }, body: { items: [...items] } }),
  );
}
