import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueJson, ListResponse } from '@vitrina/contracts';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { toList } from './list';
import { viewerScope, type ViewerId } from './viewer-key';

export interface CataloguesParams {
  /** The shop owner's id (the API also takes the shop's slug). */
  owner: string;
  offset: number;
  limit: number;
  text?: string | undefined;
}

/**
 * spec 1 §7 'Public catalogue': GET /api/catalogue/public/referral/{owner}/catalogues, the owner's published
 * catalogues sorted by descending weight, then name.
 */
export async function getCatalogues({ owner, ...query }: CataloguesParams, signal?: AbortSignal): Promise<ListResponse<CatalogueJson>> {
  const raw = await unwrap(
    api.GET('/api/catalogue/public/referral/{owner}/catalogues', {
      params: { path: { owner }, query: cleanQuery({ ...query, sort: '-weight,name' }) },
      signal,
    }),
  );
  return toList(raw);
}

export function cataloguesQueryOptions(params: CataloguesParams, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'catalogues', params],
    queryFn: ({ signal }) => getCatalogues(params, signal),
  });
}

export function useCatalogues(params: CataloguesParams, enabled = true) {
  return useQuery({ ...cataloguesQueryOptions(params, useViewer().userId), placeholderData: keepPreviousData, enabled });
}
