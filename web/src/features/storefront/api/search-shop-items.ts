import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemJson, ItemSort, ItemType, ListResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { toList } from './list';
import { viewerScope, type ViewerId } from './viewer-key';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';

export interface ShopItemsParams {
  /** The shop's id (the API also takes its slug). */
  shop: string;
  type?: ItemType | undefined;
  text?: string | undefined;
  sort?: ItemSort | undefined;
  offset: number;
  limit: number;
}

/**
 * spec 1 §7 'Item search for a shop': GET /api/catalogue/shops/{shop}/items with type, text, sort, offset and
 * limit, answering `{ results, matches_estimated }`. The shop's owner also gets unpublished and hidden items.
 */
export async function searchShopItems(params: ShopItemsParams, signal?: AbortSignal): Promise<ListResponse<ItemJson>> {
  const { shop, ...query } = params;
  return toList(
    await unwrap(api.GET('/api/catalogue/shops/{shop}/items', { params: { path: { shop }, query: cleanQuery(query) }, signal })),
  );
}

export function shopItemsQueryOptions(params: ShopItemsParams, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'items', params],
    queryFn: ({ signal }) => searchShopItems(params, signal),
  });
}

/** Keeps the current page on screen while the next page or sort loads. */
export function useShopItems(params: ShopItemsParams, enabled = true) {
  return useQuery({ ...shopItemsQueryOptions(params, useViewer().userId), placeholderData: keepPreviousData, enabled });
}

/** The listing query of a page: loader (prefetch) and component build it the same way, so they share the cache. */
export function listingItemsParams(
  shop: string,
  type: ItemType,
  search: { page?: number; sort?: ItemSort; text?: string },
  pageSize: number,
): ShopItemsParams {
  return {
    shop,
    type,
    ...(search.text ? { text: search.text } : {}),
    sort: search.sort ?? 'queue_position',
    offset: ((search.page ?? 1) - 1) * pageSize,
    limit: pageSize,
  };
}
