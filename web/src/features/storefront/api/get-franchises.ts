import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StoreLimits, type FranchiseJson, type ListResponse } from '@vitrina/contracts';
import { api, ownerSegment, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { toList } from './list';
import { viewerScope, type ViewerId } from './viewer-key';

export interface FranchisesParams {
  text?: string | undefined;
  offset: number;
  limit?: number;
}

/** The shop's admin: the signed-in owner and the account-type segment of the owner paths (`/{owner}:{owner}/{type}/...`). */
export interface FranchiseOwner {
  ownerId: string;
  accountType: string;
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

/** spec 1 §6 'others see the public list': the published franchises the shop shows (30 a page, optional name text). */
export async function getShopFranchises(
  slug: string,
  { text, offset, limit = StoreLimits.franchisesPageSize }: FranchisesParams,
  signal?: AbortSignal,
): Promise<ListResponse<FranchiseJson>> {
  const raw = await unwrap(
    api.GET('/api/store/shops/by-slug/{slug}/franchises', {
      params: { path: { slug }, query: cleanQuery({ text, offset, limit }) },
      signal,
    }),
  );
  return toList(raw);
}

/** spec 1 §7 'Franchise list': GET /{owner}:{owner}/{type}/store/franchises, the admin list (every franchise in the store). */
export async function getStoreFranchises(
  owner: FranchiseOwner,
  { text, offset, limit = StoreLimits.franchisesPageSize }: FranchisesParams,
  signal?: AbortSignal,
): Promise<ListResponse<FranchiseJson>> {
  const raw = await unwrap(
    api.GET('/api/store/{owner}/{scope}/store/franchises', {
      params: { path: { owner: ownerSegment(owner.ownerId), scope: owner.accountType }, query: cleanQuery({ text, offset, limit }) },
      signal,
    }),
  );
  return toList(raw);
}

/** spec 1 §7 'Franchise add/remove': DELETE /{owner}:{owner}/{type}/store/franchises/{id} (sent after the 5 s undo window). */
export function removeStoreFranchise(owner: FranchiseOwner, id: string): Promise<unknown> {
  return unwrap(
    api.DELETE('/api/store/{owner}/{scope}/store/franchises/{id}', {
      params: { path: { owner: ownerSegment(owner.ownerId), scope: owner.accountType, id } },
    }),
  );
}

/** Every franchise list of the storefront (to refetch them after a change). */
export const FRANCHISES_KEY = ['storefront', 'franchises'] as const;

/**
 * /franquicias' list: the admin list for the shop's admin, the public one for everybody else. Keyed by the viewer
 * (viewer-key.ts): signing in or out fetches the list for the new viewer.
 */
export function shopFranchisesQueryOptions(slug: string, viewer: ViewerId, owner: FranchiseOwner | null, params: FranchisesParams) {
  return queryOptions({
    queryKey: [...FRANCHISES_KEY, slug, viewerScope(viewer), owner ? 'admin' : 'public', params],
    queryFn: ({ signal }) => (owner ? getStoreFranchises(owner, params, signal) : getShopFranchises(slug, params, signal)),
  });
}

export function useShopFranchises(slug: string, viewer: ViewerId, owner: FranchiseOwner | null, params: FranchisesParams) {
  return useQuery({ ...shopFranchisesQueryOptions(slug, viewer, owner, params), placeholderData: keepPreviousData });
}
