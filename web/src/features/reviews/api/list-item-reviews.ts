import type { ReviewList } from '@vitrina/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { reviewKeys } from './keys';

/** `GET /orders/items/{itemId}/reviews?offset&limit` (public): an item's reviews, newest first. */
export function listItemReviews(itemId: string, offset: number, limit: number): Promise<ReviewList> {
  return unwrap(api.GET('/api/orders/items/{itemId}/reviews', { params: { path: { itemId }, query: { offset, limit } } }));
}

export function itemReviewsQueryOptions(itemId: string, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.item(itemId), pageSize] as const,
    queryFn: ({ pageParam }) => listItemReviews(itemId, pageParam, pageSize),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length === pageSize && shown < last.matches_estimated ? shown : undefined;
    },
  });
}

export function useItemReviews(itemId: string, pageSize: number) {
  return useInfiniteQuery(itemReviewsQueryOptions(itemId, pageSize));
}
