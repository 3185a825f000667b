import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrapCart } from './http';
import { cartKeys } from './keys';
import type { Cart } from './types';

/** `GET /api/cart/shops/{shop_slug}`: the signed-in user's cart in this shop (an empty cart has no orders). */
export function getCart(shopSlug: string, signal?: AbortSignal): Promise<Cart> {
  return unwrapCart(api.GET('/api/cart/shops/{shop_slug}', { params: { path: { shop_slug: shopSlug } }, signal }));
}

export function cartQueryOptions(viewer: string, shopSlug: string) {
  return queryOptions({
    queryKey: cartKeys.cart(viewer, shopSlug),
    queryFn: ({ signal }) => getCart(shopSlug, signal),
  });
}
