import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuJson, StoreType } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';

/** spec 1 §7 'Menu options': GET /api/store/shops/{shop}/menu with store_type and owner; admin, public or proxy menu. */
export function getShopMenu(shop: { slug: string; store_type: StoreType; owner: string }, signal?: AbortSignal): Promise<MenuJson> {
  return unwrap(
    api.GET('/api/store/shops/{shop}/menu', {
      params: { path: { shop: shop.slug }, query: cleanQuery({ store_type: shop.store_type, owner: shop.owner || undefined }) },
      signal,
    }),
  );
}

export function shopMenuQueryOptions(shop: { slug: string; store_type: StoreType; owner: string }, viewerId: string | null) {
  return queryOptions({
    queryKey: ['storefront', 'menu', shop.slug, viewerId],
    queryFn: ({ signal }) => getShopMenu(shop, signal),
    staleTime: 5 * 60_000,
  });
}

/** Only for signed-in viewers (spec 1 §6: anonymous visitors fetch no menu options); failures are swallowed (§8). */
export function useShopMenuOptions(shop: { slug: string; store_type: StoreType; owner: string }, viewerId: string | null) {
  return useQuery({ ...shopMenuQueryOptions(shop, viewerId), enabled: viewerId !== null, retry: false });
}
