import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrapCart } from './http';
import { cartKeys } from './keys';
import type { Cart, CartLineInput } from './types';

/**
 * `POST /api/cart/shops/{shop_slug}/quote` (public, saves nothing): an anonymous visitor's local cart priced and
 * grouped by supplier as the server would (cart_id null).
 */
export function quoteCart(shopSlug: string, items: readonly CartLineInput[], signal?: AbortSignal): Promise<Cart> {
  return unwrapCart(
    api.POST('/api/cart/shops/{shop_slug}/quote', { params: { path: { shop_slug: shopSlug } }, body: { items: [...items] }, signal }),
  );
}

export function quoteQueryOptions(shopSlug: string, items: readonly CartLineInput[]) {
  return queryOptions({
    queryKey: cartKeys.quote(shopSlug, items),
    queryFn: ({ signal }) => quoteCart(shopSlug, items, signal),
    // A quantity change keeps the lines on screen while the new quote comes.
    placeholderData: keepPreviousData,
  });
}
