import type { Review } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { reviewKeys } from './keys';

/** `GET /orders/{me}:{me}/orders/{id}/lines/{lineId}/review` (404 review_not_found until written). */
export function getLineReview(userId: string, orderId: string, lineId: string): Promise<Review> {
  return unwrap(
    api.GET('/api/orders/{me}/orders/{id}/lines/{lineId}/review', {
      params: { path: { me: ownerSegment(userId), id: orderId, lineId } },
    }),
  );
}

export function lineReviewQueryOptions(userId: string, orderId: string, lineId: string) {
  return queryOptions({
    queryKey: reviewKeys.line(userId, orderId, lineId),
    queryFn: () => getLineReview(userId, orderId, lineId),
  });
}

/** The review being edited (only read when the modal opens on a reviewed line). */
export function useLineReview(userId: string, orderId: string, lineId: string, enabled: boolean) {
  return useQuery({ ...lineReviewQueryOptions(userId, orderId, lineId), enabled });
}
