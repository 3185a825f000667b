import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CatalogueLimits,
  StoreLimits,
  type CategoryJson,
  type FranchiseJson,
  type ItemJson,
  type ItemType,
  type ListResponse,
  type SupplierJson,
} from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery, ownerParams, type OwnerRef } from './http';

export type PickerItem = ItemJson & { in_store: boolean };

export interface PickerParams {
  type: ItemType;
  text: string;
  dssupplier?: string | undefined;
  category?: string | undefined;
}

/** GET /api/catalogue/{owner}:{owner}/{type}/store/products/search (limit 10, check_at_least 1000, -contribution_margin). */
export function pickerItemsQueryOptions(owner: OwnerRef, params: PickerParams) {
  return infiniteQueryOptions({
    queryKey: ['shop-admin', 'picker', owner.ownerId, params],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<ListResponse<PickerItem>> =>
      unwrap(
        api.GET('/api/catalogue/{owner}/{scope}/store/products/search', {
          params: {
            path: ownerParams(owner),
            query: cleanQuery({
              type: params.type,
              text: params.text.trim().toLowerCase(),
              dssupplier: params.dssupplier,
              category: params.category,
              sort: '-contribution_margin',
              offset: pageParam,
              limit: CatalogueLimits.modalProductsPageSize,
            }),
          },
          signal,
        }),
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.results.length, 0);
      return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
    },
  });
}

export function usePickerItems(owner: OwnerRef, params: PickerParams) {
  return useInfiniteQuery(pickerItemsQueryOptions(owner, params));
}

/** Supplier type-ahead: only on non-empty text, lower-cased (spec 1 §5). */
export function useSupplierSearch(owner: OwnerRef, text: string) {
  const query = text.trim().toLowerCase();
  return useQuery(
    queryOptions({
      queryKey: ['shop-admin', 'suppliers', owner.ownerId, query],
      queryFn: ({ signal }): Promise<ListResponse<SupplierJson>> =>
        unwrap(
          api.GET('/api/catalogue/{owner}/{scope}/store/dssuppliers/search', {
            params: { path: ownerParams(owner), query: { text: query, limit: CatalogueLimits.supplierSearch } },
            signal,
          }),
        ),
      enabled: query.length > 0,
    }),
  );
}

export function useCategorySearch(text: string) {
  const query = text.trim().toLowerCase();
  return useQuery(
    queryOptions({
      queryKey: ['shop-admin', 'categories', query],
      queryFn: ({ signal }): Promise<ListResponse<CategoryJson>> =>
        unwrap(
          api.GET('/api/catalogue/categories/suggestions', {
            params: { query: { text: query, limit: CatalogueLimits.categories } },
            signal,
          }),
        ),
      enabled: query.length > 0,
    }),
  );
}

/**
 * PUT .../store/items/{id}, answered `{ id, in_store: true }` (franchise stores: invalid_product for other suppliers).
 * The item is the path's: the route reads no body, so none is sent.
 */
export function addItemToStore(owner: OwnerRef, id: string): Promise<unknown> {
  return unwrap(api.PUT('/api/store/{owner}/{scope}/store/items/{item}', { params: { path: { ...ownerParams(owner), item: id } } }));
}

export function removeItemFromStore(owner: OwnerRef, id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/store/{owner}/{scope}/store/items/{item}', { params: { path: { ...ownerParams(owner), item: id } } }));
}

/** Published franchises with `in_store` for the signed-in owner (limit 10, infinite scroll). */
export function franchisesQueryOptions(text: string) {
  return infiniteQueryOptions({
    queryKey: ['shop-admin', 'franchises', text.trim()],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<ListResponse<FranchiseJson>> =>
      unwrap(
        api.GET('/api/store/published/franchises', {
          params: {
            query: cleanQuery({
              text: text.trim(),
              state: 'published' as const,
              type: ['affinity', 'franchise'],
              offset: pageParam,
              limit: StoreLimits.franchisesSearchPageSize,
            }),
          },
          // One comma-joined value, `type=affinity,franchise`, as the spec writes it.
          querySerializer: { array: { style: 'form', explode: false } },
          signal,
        }),
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.results.length, 0);
      return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
    },
  });
}

export function useFranchises(text: string) {
  return useInfiniteQuery(franchisesQueryOptions(text));
}

export function addFranchise(owner: OwnerRef, id: string): Promise<unknown> {
  return unwrap(api.PUT('/api/store/{owner}/{scope}/store/franchises/{id}', { params: { path: { ...ownerParams(owner), id } } }));
}

export function removeFranchise(owner: OwnerRef, id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/store/{owner}/{scope}/store/franchises/{id}', { params: { path: { ...ownerParams(owner), id } } }));
}
