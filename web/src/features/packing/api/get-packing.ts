import type { OrderPacking } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { packingKeys } from './keys';

/** `GET /orders/{owner}:{owner}/franchise/orders/{id}/binpacked`: the packages and the units in none. */
export function getPacking(owner: string, orderId: string): Promise<OrderPacking> {
  return unwrap(
    api.GET('/api/orders/{owner}/franchise/orders/{id}/binpacked', { params: { path: { owner: ownerSegment(owner), id: orderId } } }),
  );
}

export function packingQueryOptions(owner: string, orderId: string) {
  return queryOptions({ queryKey: packingKeys.order(owner, orderId), queryFn: () => getPacking(owner, orderId) });
}

export function usePacking(owner: string, orderId: string) {
  return useQuery(packingQueryOptions(owner, orderId));
}
