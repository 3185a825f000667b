import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemJson, ItemType, ListResponse, ListState } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery, ownerParams, type SupplierRef } from './http';
import { supplierItemsKeys } from './keys';

export interface OwnerItemsFilters {
  type?: ItemType | undefined;
  listState?: ListState | undefined;
  text?: string | undefined;
  offset: number;
  limit: number;
}

/** `GET .../items`: the supplier's items in every state, newest first. */
export function ownerItemsQueryOptions(owner: SupplierRef, filters: OwnerItemsFilters) {
  return queryOptions({
    queryKey: supplierItemsKeys.list(owner.ownerId, filters),
    queryFn: ({ signal }): Promise<ListResponse<ItemJson>> =>
      unwrap(
        api.GET('/api/catalogue/{owner}/{scope}/items', {
          params: {
            path: ownerParams(owner),
            query: cleanQuery({
              type: filters.type,
              list_state: filters.listState,
              text: filters.text,
              offset: filters.offset,
              limit: filters.limit,
              sort: '-created_at',
            }),
          },
          signal,
        }),
      ),
  });
}

export function useOwnerItems(owner: SupplierRef, filters: OwnerItemsFilters) {
  return useQuery({ ...ownerItemsQueryOptions(owner, filters), placeholderData: keepPreviousData });
}
