import type { PackagePurchase } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { plansKeys } from './keys';

/**
 * A refused purchase with the error body's data (spec 2 §8 'Package errors': `requested_package.name`,
 * `current_package.name`, `charge_date`), whether the server nests it under `details` or beside `code`.
 */
export class PackagePurchaseError extends ApiError {
  readonly data: Record<string, unknown>;

  constructor(error: ApiError, data: Record<string, unknown>) {
    super(error.status, error.code, error.message, error.fields);
    this.data = data;
  }
}

function detailsOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  const { details, ...rest } = body as Record<string, unknown>;
  return typeof details === 'object' && details !== null ? { ...rest, ...(details as Record<string, unknown>) } : rest;
}

/**
 * `PUT /broker-memberships/{me}:{me}/package/{packageId}` + Idempotency-Key → 201 PackagePurchase: the token of the
 * payment page (`/me/payments/{payment_token}`). A refusal throws PackagePurchaseError (its body's data kept).
 */
export async function buyPackage(userId: string, packageId: string, key: string): Promise<PackagePurchase> {
  const call = api.PUT('/api/broker-memberships/{me}/package/{packageId}', {
    params: { path: { me: ownerSegment(userId), packageId }, header: { 'Idempotency-Key': key } },
  });
  try {
    return await unwrap(call);
  } catch (error) {
    // unwrap keeps only code and message: the refusal's data is read from the same answer.
    if (!isApiError(error) || error.status === 0) throw error;
    const { error: body } = await call;
    throw new PackagePurchaseError(error, detailsOf(body));
  }
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
