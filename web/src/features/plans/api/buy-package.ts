import type { PackagePurchase } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { plansKeys } from './keys';

/**
 * `PUT /broker-memberships/{me}:{me}/package/{packageId}` + Idempotency-Key → 201 PackagePurchase: the token of the
 * payment page (`/me/payments/{payment_token}`). A refusal is an ApiError whose `details` carry the spec's data.
 */
export function buyPackage(userId: string, packageId: string, key: string): Promise<PackagePurchase> {
  return unwrap(
    api.PUT('/api/broker-memberships/{me}/package/{packageId}', {
      params: { path: { me: ownerSegment(userId), packageId }, header: { 'Idempotency-Key': key } },
    }),
  );
}

/** One key per click on a package's buy button: a retry of that click after no answer reuses it (ARCHITECTURE §8). */
const keys = new IdempotencyKeys();

/** The purchase of a package by the signed-in user; the membership is read again whatever the answer. */
export function useBuyPackage(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (packageId: string) => {
      if (!userId) throw new ApiError(401, 'unauthorized', 'Not signed in');
      const action = `package:${userId}`;
      const key = keys.keyFor(action, packageId);
      try {
        const purchase = await buyPackage(userId, packageId, key);
        keys.settle(action);
        return purchase;
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle(action);
        throw error;
      }
    },
    onSettled: () => (userId ? queryClient.invalidateQueries({ queryKey: plansKeys.membership(userId) }) : undefined),
  });
}
