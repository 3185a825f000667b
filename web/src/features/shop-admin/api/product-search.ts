import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogueLimits, type ItemJson, type ItemSuggestionJson, type ItemType, type ListResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';

/**
 * The shop's type-ahead, the one the storefront search uses (spec 1 §2 'Search', §9: 5 suggestions, lower-cased
 * text): GET /api/catalogue/shops/{shop}/suggestions?text=&type=&n_suggestions=5.
 */
export function shopProductSuggestionsQueryOptions(shop: string, text: string, type: ItemType = 'product') {
  const query = text.trim().toLowerCase();
  return queryOptions({
    queryKey: ['shop-admin', 'product-suggestions', shop, type, query],
    queryFn: ({ signal }): Promise<ListResponse<ItemSuggestionJson>> =>
      unwrap(
        api.GET('/api/catalogue/shops/{shop}/suggestions', {
          params: { path: { shop }, query: cleanQuery({ text: query, type, n_suggestions: CatalogueLimits.suggestions }) },
          signal,
        }),
      ),
    staleTime: 30_000,
  });
}

/** Runs only on non-empty text and a known shop (spec 1 §2: search runs only when the text is non-empty). */
export function useShopProductSuggestions(shop: string | null, text: string, type: ItemType = 'product') {
  return useQuery({ ...shopProductSuggestionsQueryOptions(shop ?? '', text, type), enabled: Boolean(shop) && text.trim().length > 0 });
}

/** One item as its page shows it: GET /api/catalogue/items/{supplier}/{item}?shop= (the owner also sees it unpublished). */
export function itemQueryOptions(supplier: string, item: string, shop: string | null) {
  return queryOptions({
    queryKey: ['shop-admin', 'item', supplier, item, shop],
    queryFn: ({ signal }): Promise<ItemJson> =>
      unwrap(
        api.GET('/api/catalogue/items/{owner}/{item}', {
          params: { path: { owner: supplier, item }, query: cleanQuery({ shop }) },
          signal,
        }),
      ),
    staleTime: 60_000,
  });
}

export function usePickedItem(supplier: string, item: string, shop: string | null) {
  return useQuery({ ...itemQueryOptions(supplier, item, shop), enabled: Boolean(supplier && item) });
}
