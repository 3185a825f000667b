import type { Review } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { ORDER_QUERIES_ROOT, reviewKeys } from './keys';

export interface ReviewBody {
  title: string;
  rating: number;
  text: string;
  photos: string[];
}

/** `POST .../lines/{lineId}/review`: 201, or 409 review_not_allowed / review_exists. */
export function createReview(userId: string, orderId: string, lineId: string, body: ReviewBody): Promise<Review> {
  return unwrap(
    api.POST('/api/orders/{me}/orders/{id}/lines/{lineId}/review', {
      params: { path: { me: ownerSegment(userId), id: orderId, lineId } },
      body,
    }),
  );
}

/** `PATCH .../lines/{lineId}/review`. */
export function editReview(userId: string, orderId: string, lineId: string, body: ReviewBody): Promise<Review> {
  return unwrap(
    api.PATCH('/api/orders/{me}/orders/{id}/lines/{lineId}/review', {
      params: { path: { me: ownerSegment(userId), id: orderId, lineId } },
      body,
    }),
  );
}

/** Creates or edits the line's review; the answer replaces the cached review and the order is read again (its line's review_id). */
export function useWriteReview(userId: string, orderId: string, lineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: 'create' | 'edit'; body: ReviewBody }) =>
      mode === 'create' ? createReview(userId, orderId, lineId, body) : editReview(userId, orderId, lineId, body),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKeys.line(userId, orderId, lineId), review);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.item(review.item_id) });
      void queryClient.invalidateQueries({ queryKey: ORDER_QUERIES_ROOT });
    },
    onError: (error) => {
      // the line was reviewed meanwhile (another tab, or a retry after a lost answer): the order shows it, the button edits
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: ORDER_QUERIES_ROOT });
    },
  });
}
