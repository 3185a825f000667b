import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  CatalogueLimits,
  type CatalogueJson,
  type CatalogueProductsResultJson,
  type ItemJson,
  type ItemType,
  type ListResponse,
} from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery, ownerParams, type OwnerRef } from './http';

const at = (owner: OwnerRef, id: string) => ({ path: { ...ownerParams(owner), id } });

function nextOffset<T>(last: ListResponse<T>, pages: ListResponse<T>[]): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.results.length, 0);
  return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
}

/**
 * spec 1 §7 'Catalogue products': GET .../catalogues/{id}/products in the owner's order (sort position), 30 a
 * page, every state. The index in the loaded list + 1 is the product's position.
 */
export function catalogueProductsQueryOptions(owner: OwnerRef, catalogueId: string) {
  return infiniteQueryOptions({
    queryKey: ['shop-admin', 'catalogue-products', owner.ownerId, catalogueId],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<ListResponse<ItemJson>> =>
      unwrap(
        api.GET('/api/catalogue/{owner}/{scope}/catalogues/{id}/products', {
          params: {
            ...at(owner, catalogueId),
            query: { sort: 'position', offset: pageParam, limit: CatalogueLimits.catalogueProductsPageSize },
          },
          signal,
        }),
      ),
    getNextPageParam: nextOffset,
  });
}

export function useCatalogueProducts(owner: OwnerRef, catalogueId: string) {
  return useInfiniteQuery(catalogueProductsQueryOptions(owner, catalogueId));
}

/** DELETE .../catalogues/{id}/products/{productId}. */
export function removeProductFromCatalogue(owner: OwnerRef, catalogueId: string, productId: string): Promise<CatalogueJson> {
  return unwrap(
    api.DELETE('/api/catalogue/{owner}/{scope}/catalogues/{id}/products/{productId}', {
      params: { path: { ...ownerParams(owner), id: catalogueId, productId } },
    }),
  );
}

/** POST .../catalogues/{id}/products/move { product, position } (1-based). */
export function moveProductInCatalogue(owner: OwnerRef, catalogueId: string, productId: string, position: number): Promise<CatalogueJson> {
  return unwrap(
    api.POST('/api/catalogue/{owner}/{scope}/catalogues/{id}/products/move', {
      params: at(owner, catalogueId),
      body: { product: productId, position },
    }),
  );
}

/** POST .../catalogues/{id}/products/add_filtered { query: { ids }, silent: true }: refused ids are skipped. */
export function addProductsToCatalogue(owner: OwnerRef, catalogueId: string, ids: string[]): Promise<CatalogueProductsResultJson> {
  return unwrap(
    api.POST('/api/catalogue/{owner}/{scope}/catalogues/{id}/products/add_filtered', {
      params: at(owner, catalogueId),
      body: { query: { ids }, silent: true },
    }),
  );
}

export interface ShopItemsFilter {
  type: ItemType;
  text: string;
}

/**
 * The shop's own items to choose from (spec 1 §7 'Item search for a shop', 10 a page as in the modals):
 * GET /api/catalogue/shops/{shop}/items?type=&text=. The owner also gets unpublished and hidden items.
 */
export function shopItemsQueryOptions(shop: string, filter: ShopItemsFilter) {
  const text = filter.text.trim().toLowerCase();
  return infiniteQueryOptions({
    queryKey: ['shop-admin', 'shop-items', shop, filter.type, text],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<ListResponse<ItemJson>> =>
      unwrap(
        api.GET('/api/catalogue/shops/{shop}/items', {
          params: {
            path: { shop },
            query: cleanQuery({
              type: filter.type,
              text,
              sort: 'queue_position',
              offset: pageParam,
              limit: CatalogueLimits.modalProductsPageSize,
            }),
          },
          signal,
        }),
      ),
    getNextPageParam: nextOffset,
  });
}

export function useShopItems(shop: string | null, filter: ShopItemsFilter) {
  return useInfiniteQuery({ ...shopItemsQueryOptions(shop ?? '', filter), enabled: Boolean(shop) });
}
