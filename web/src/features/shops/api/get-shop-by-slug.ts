import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type Shop = components['schemas']['Shop'];

/** spec 1 §7 'Load shop': GET /api/store/shops/by-slug/{slug}. A missing shop answers 404 shop_not_found. */
export function getShopBySlug(slug: string, signal?: AbortSignal): Promise<Shop> {
  return unwrap(api.GET('/api/store/shops/by-slug/{slug}', { params: { path: { slug } }, signal }));
}

export function shopBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['shops', 'by-slug', slug],
    queryFn: ({ signal }) => getShopBySlug(slug, signal),
  });
}

/** For components under a route whose loader already ensured the data. */
export function useShopBySlug(slug: string) {
  return useSuspenseQuery(shopBySlugQueryOptions(slug));
}
