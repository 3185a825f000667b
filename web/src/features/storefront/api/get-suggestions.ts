import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogueLimits, type ItemSuggestionJson, type ItemType, type ListResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { toList } from './list';

export interface SuggestionsParams {
  shop: string;
  text: string;
  type: ItemType;
}

/** spec 1 §2 'Search', §9: type-ahead of a shop's items, 5 suggestions, lower-cased text. */
export async function getSuggestions(
  { shop, text, type }: SuggestionsParams,
  signal?: AbortSignal,
): Promise<ListResponse<ItemSuggestionJson>> {
  const query = { text: text.trim().toLowerCase(), type, n_suggestions: CatalogueLimits.suggestions };
  return toList(await unwrap(api.GET('/api/catalogue/shops/{shop}/suggestions', { params: { path: { shop }, query }, signal })));
}

export function suggestionsQueryOptions(params: SuggestionsParams) {
  return queryOptions({
    queryKey: ['storefront', 'suggestions', params.shop, params.type, params.text.trim().toLowerCase()],
    queryFn: ({ signal }) => getSuggestions(params, signal),
    staleTime: 30_000,
  });
}

/** Runs only when `enabled` (the shop has an owner and the debounced text is not empty). */
export function useSuggestions(params: SuggestionsParams, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(params), enabled });
}
