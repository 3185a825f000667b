import { cartRequest, shopCartPath } from './http';
import type { Cart, CartLineInput } from './types';

/** `POST .../items`: adds `amount` to what the cart holds of the item. */
export function addCartItem(shopSlug: string, itemId: string, amount: number): Promise<Cart> {
  return cartRequest<Cart>('POST', shopCartPath(shopSlug, '/items'), { body: { item_id: itemId, amount } });
}

/** `PUT .../items/{item_id}`: sets the quantity. */
export function updateCartItem(shopSlug: string, itemId: string, amount: number): Promise<Cart> {
  return cartRequest<Cart>('PUT', shopCartPath(shopSlug, `/items/${encodeURIComponent(itemId)}`), { body: { amount } });
}

/** `DELETE .../items/{item_id}`. */
export function deleteCartItem(shopSlug: string, itemId: string): Promise<Cart> {
  return cartRequest<Cart>('DELETE', shopCartPath(shopSlug, `/items/${encodeURIComponent(itemId)}`));
}

/**
 * `POST .../bulk`: the anonymous visitor's local cart merged at sign-in (quantities summed and clamped by the
 * server; its `adjustments` say what changed).
 */
export function mergeCart(shopSlug: string, items: readonly CartLineInput[]): Promise<Cart> {
  return cartRequest<Cart>('POST', shopCartPath(shopSlug, '/bulk'), { body: { items } });
}
