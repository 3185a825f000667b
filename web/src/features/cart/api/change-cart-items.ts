import { api } from '@/api/client';
import { unwrapCart } from './http';
import type { Cart, CartLineInput } from './types';

/** `POST .../items`: adds `amount` to what the cart holds of the item in the chosen variant (a line per variant). */
export function addCartItem(shopSlug: string, itemId: string, amount: number, variant?: Record<string, string>): Promise<Cart> {
  return unwrapCart(
    api.POST('/api/cart/shops/{shop_slug}/items', {
      params: { path: { shop_slug: shopSlug } },
      body: { item_id: itemId, amount, ...(variant && Object.keys(variant).length > 0 ? { variant } : {}) },
    }),
  );
}

/** `PUT .../lines/{line_id}`: sets the line's quantity (the line: an item in one variant). */
export function updateCartLine(shopSlug: string, lineId: string, amount: number): Promise<Cart> {
  return unwrapCart(
    api.PUT('/api/cart/shops/{shop_slug}/lines/{line_id}', {
      params: { path: { shop_slug: shopSlug, line_id: lineId } },
      body: { amount },
    }),
  );
}

/** `DELETE .../lines/{line_id}`. */
export function deleteCartLine(shopSlug: string, lineId: string): Promise<Cart> {
  return unwrapCart(
    api.DELETE('/api/cart/shops/{shop_slug}/lines/{line_id}', { params: { path: { shop_slug: shopSlug, line_id: lineId } } }),
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
