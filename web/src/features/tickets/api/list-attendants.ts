import { OrderLimits, type AttendantList } from '@vitrina/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { ticketKeys } from './keys';

/** `GET /orders/{me}:{me}/orders/{id}/attendants?offset&limit` (spec 3 §7: offset 0, limit 10). */
export function listAttendants(userId: string, orderId: string, offset = 0): Promise<AttendantList> {
  return unwrap(
    api.GET('/api/orders/{me}/orders/{id}/attendants', {
      params: { path: { me: ownerSegment(userId), id: orderId }, query: { offset, limit: OrderLimits.attendantsPageSize } },
    }),
  );
}

export function attendantsQueryOptions(userId: string, orderId: string, offset: number) {
  return queryOptions({
    queryKey: ticketKeys.page(userId, orderId, offset),
    queryFn: () => listAttendants(userId, orderId, offset),
  });
}

/** One page of an order's tickets (spec 3 §9: 10 a page); the page on screen stays while the next loads. */
export function useAttendants(userId: string, orderId: string, offset: number) {
  return useQuery({ ...attendantsQueryOptions(userId, orderId, offset), placeholderData: keepPreviousData });
}
