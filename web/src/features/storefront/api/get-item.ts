import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ItemJson } from '@vitrina/contracts';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { viewerScope, type ViewerId } from './viewer-key';

export interface ItemParams {
  owner: string;
  item: string;
  /** The shop whose page shows the item: its owner also sees the item when unpublished. */
  shop: string;
}

/** Item pages (spec 1 §2 /productos/{owner}/{id}): GET /api/catalogue/items/{owner}/{item}?shop=. 404 when unknown. */
export function getItem({ owner, item, shop }: ItemParams, signal?: AbortSignal): Promise<ItemJson> {
  return unwrap(api.GET('/api/catalogue/items/{owner}/{item}', { params: { path: { owner, item }, query: cleanQuery({ shop }) }, signal }));
}

export function itemQueryOptions(params: ItemParams, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'item', params.owner, params.item, params.shop],
    queryFn: ({ signal }) => getItem(params, signal),
  });
}

export function useItem(params: ItemParams) {
  return useSuspenseQuery(itemQueryOptions(params, useViewer().userId));
}
