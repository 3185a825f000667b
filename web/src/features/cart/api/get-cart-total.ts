import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrapCart } from './http';
import { cartKeys } from './keys';
import type { Cart, CartTotal } from './types';

/** `GET /api/cart/shops/{shop_slug}/total`: the header badge of a signed-in user. */
export function getCartTotal(shopSlug: string, signal?: AbortSignal): Promise<CartTotal> {
  return unwrapCart(api.GET('/api/cart/shops/{shop_slug}/total', { params: { path: { shop_slug: shopSlug } }, signal }));
}

export function cartTotalQueryOptions(viewer: string, shopSlug: string) {
  return queryOptions({
    queryKey: cartKeys.total(viewer, shopSlug),
    queryFn: ({ signal }) => getCartTotal(shopSlug, signal),
  });
}

/** A cart answer also answers the badge. */
export function totalOf(cart: Cart): CartTotal {
  return { total_products: cart.total_products, amount: cart.amount, amount_minor: cart.amount_minor, currency: cart.currency };
}
