import type { ReturnRequest } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { returnKeys, type ReturnSide } from './keys';

/** A return request whole, as the side sees it (internal notes only on the seller's and dssupplier's side). */
export function getReturn(side: ReturnSide, userId: string, id: string): Promise<ReturnRequest> {
  const me = ownerSegment(userId);
  if (side === 'customer') return unwrap(api.GET('/api/orders/{me}/returns/{id}', { params: { path: { me, id } } }));
  if (side === 'seller') return unwrap(api.GET('/api/orders/admin/suppliers/{me}/returns/{id}', { params: { path: { me, id } } }));
  return unwrap(api.GET('/api/orders/{me}/dssupplier/returns/{id}', { params: { path: { me, id } } }));
}

export function returnQueryOptions(side: ReturnSide, userId: string, id: string) {
  return queryOptions({ queryKey: returnKeys.detail(side, userId, id), queryFn: () => getReturn(side, userId, id) });
}

export function useReturn(side: ReturnSide, userId: string, id: string) {
  return useQuery(returnQueryOptions(side, userId, id));
}
