import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StoreLimits, type FranchiseJson, type ListResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { toList } from './list';

export interface FranchisesParams {
  text?: string | undefined;
  offset: number;
  limit?: number;
}

/** spec 1 §7 'Published franchises': GET /api/store/published/franchises (limit 10, text, type affinity,franchise). */
export async function getPublishedFranchises(
  { text, offset, limit = StoreLimits.franchisesSearchPageSize }: FranchisesParams,
  signal?: AbortSignal,
): Promise<ListResponse<FranchiseJson>> {
  const raw = await unwrap(
    api.GET('/api/store/published/franchises', {
      params: { query: cleanQuery({ text, offset, limit, type: ['affinity', 'franchise'] }) },
      // One comma-joined value, `type=affinity,franchise`, as the spec writes it.
      querySerializer: { array: { style: 'form', explode: false } },
      signal,
    }),
  );
  return toList(raw);
}

export function franchisesQueryOptions(params: FranchisesParams) {
  return queryOptions({
    queryKey: ['storefront', 'franchises', params],
    queryFn: ({ signal }) => getPublishedFranchises(params, signal),
  });
}

export function useFranchises(params: FranchisesParams) {
  return useQuery({ ...franchisesQueryOptions(params), placeholderData: keepPreviousData });
}
