import type { OrderReturnEligibility } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { returnKeys } from './keys';

/** `GET /orders/{me}:{me}/orders/{order}/return-eligibility`: whether a return may start now, until when, and the terms. */
export function getReturnEligibility(userId: string, orderId: string): Promise<OrderReturnEligibility> {
  return unwrap(
    api.GET('/api/orders/{me}/orders/{order}/return-eligibility', { params: { path: { me: ownerSegment(userId), order: orderId } } }),
  );
}

export function returnEligibilityQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: returnKeys.eligibility(userId, orderId),
    queryFn: () => getReturnEligibility(userId, orderId),
  });
}

export function useReturnEligibility(userId: string, orderId: string) {
  return useQuery(returnEligibilityQueryOptions(userId, orderId));
}
