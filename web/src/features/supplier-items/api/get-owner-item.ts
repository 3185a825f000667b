import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemJson } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { ownerParams, type SupplierRef } from './http';
import { supplierItemsKeys } from './keys';

/** `GET .../items/{item}`: one of the supplier's items, whatever its state. */
export function ownerItemQueryOptions(owner: SupplierRef, itemId: string) {
  return queryOptions({
    queryKey: supplierItemsKeys.item(owner.ownerId, itemId),
    queryFn: ({ signal }): Promise<ItemJson> =>
      unwrap(api.GET('/api/catalogue/{owner}/{scope}/items/{item}', { params: { path: { ...ownerParams(owner), item: itemId } }, signal })),
  });
}

export function useOwnerItem(owner: SupplierRef, itemId: string) {
  return useQuery(ownerItemQueryOptions(owner, itemId));
}
