import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopJson } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { ownerParams, type OwnerRef } from './http';

/** GET /api/store/{owner}:{owner}/{type}/store: the signed-in owner's own shop (every banner and header). */
export function ownerShopQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'shop', owner.ownerId],
    queryFn: ({ signal }): Promise<ShopJson> =>
      unwrap(api.GET('/api/store/{owner}/{scope}/store', { params: { path: ownerParams(owner) }, signal })),
    staleTime: 60_000,
  });
}

/**
 * The reference (id) of the owner's shop for the public shop reads (`/api/catalogue/shops/{shop}/...`):
 * `known` when the caller already has it, else read once from the owner's shop.
 */
export function useOwnerShopRef(owner: OwnerRef, known?: string): string | null {
  const shop = useQuery({ ...ownerShopQueryOptions(owner), enabled: !known });
  return known ?? shop.data?.id ?? null;
}
