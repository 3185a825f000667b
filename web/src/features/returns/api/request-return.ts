import type { ReturnReason, ReturnRequest } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { ORDERS_QUERY_ROOT, returnKeys } from './keys';

export interface ReturnRequestBody {
  reason: ReturnReason;
  sub_reason?: string;
  photos?: string[];
  comments?: string;
}

/** One key per request of an order (ARCHITECTURE §8 Idempotency-Key): a retry after no answer reuses it. */
const keys = new IdempotencyKeys();

/** `POST /orders/{me}:{me}/orders/{order}/returns` with an Idempotency-Key → 201 ReturnRequest. */
export function requestReturn(userId: string, orderId: string, key: string, body: ReturnRequestBody): Promise<ReturnRequest> {
  return unwrap(
    api.POST('/api/orders/{me}/orders/{order}/returns', {
      params: { path: { me: ownerSegment(userId), order: orderId }, header: { 'Idempotency-Key': key } },
      body,
    }),
  );
}

export function useRequestReturn(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReturnRequestBody) => {
      const name = `return:${orderId}`;
      const key = keys.keyFor(name, body);
      try {
        const created = await requestReturn(userId, orderId, key, body);
        keys.settle(name);
        return created;
      } catch (error) {
        // A refusal a retry would repeat ends the attempt; no answer (or server trouble) keeps its key.
        if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle(name);
        throw error;
      }
    },
    onSuccess: (created) => {
      queryClient.setQueryData(returnKeys.detail('customer', userId, created.id), created);
      void queryClient.invalidateQueries({ queryKey: returnKeys.eligibility(userId, orderId) });
      void queryClient.invalidateQueries({ queryKey: returnKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_ROOT });
    },
  });
}
