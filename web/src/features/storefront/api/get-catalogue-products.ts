import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemJson, ListResponse } from '@vitrina/contracts';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { toList } from './list';
import { viewerScope, type ViewerId } from './viewer-key';

export interface CatalogueProductsParams {
  owner: string;
  slug: string;
  text?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * spec 1 §7 'Catalogue products (listing page)': offset=(page-1)*30, limit 30, with the search text;
 * GET /api/catalogue/public/referral/{owner}/catalogues/{slug}/products (sort -contribution_margin by default).
 */
export async function getCatalogueProducts(
  { owner, slug, ...query }: CatalogueProductsParams,
  signal?: AbortSignal,
): Promise<ListResponse<ItemJson>> {
  const raw = await unwrap(
    api.GET('/api/catalogue/public/referral/{owner}/catalogues/{slug}/products', {
      params: { path: { owner, slug }, query: cleanQuery(query) },
      signal,
    }),
  );
  return toList(raw);
}

export function catalogueProductsQueryOptions(params: CatalogueProductsParams, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'catalogue-products', params],
    queryFn: ({ signal }) => getCatalogueProducts(params, signal),
  });
}

export function useCatalogueProducts(params: CatalogueProductsParams) {
  return useQuery({ ...catalogueProductsQueryOptions(params, useViewer().userId), placeholderData: keepPreviousData });
}
