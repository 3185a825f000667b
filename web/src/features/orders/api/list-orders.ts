import { OrderLimits, type OrderSummaryList } from '@vitrina/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { orderKeys, type SellerListFilters } from './keys';

const PAGE = OrderLimits.ordersPageSize;

/** `GET /orders/{me}:{me}/orders?offset&limit`: the customer's purchases, newest first. */
export function listMyOrders(userId: string, offset: number, limit = PAGE): Promise<OrderSummaryList> {
  return unwrap(api.GET('/api/orders/{me}/orders', { params: { path: { me: ownerSegment(userId) }, query: { offset, limit } } }));
}

/** `GET /orders/admin/suppliers/{me}:{me}/orders?state&from&to&offset&limit`: what the user sells or fulfils. */
export function listSellerOrders(userId: string, filters: SellerListFilters, offset: number, limit = PAGE): Promise<OrderSummaryList> {
  return unwrap(
    api.GET('/api/orders/admin/suppliers/{me}/orders', {
      params: { path: { me: ownerSegment(userId) }, query: { offset, limit, ...filters } },
    }),
  );
}

/** The next page's offset, or undefined when the last page came (fewer than a page, or the estimate reached). */
export function nextOffset(last: OrderSummaryList, pages: OrderSummaryList[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  if (last.results.length < PAGE || loaded >= last.matches_estimated) return undefined;
  return loaded;
}

export function myOrdersQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: orderKeys.customerList(userId),
    queryFn: ({ pageParam }) => listMyOrders(userId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function sellerOrdersQueryOptions(userId: string, filters: SellerListFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.sellerList(userId, filters),
    queryFn: ({ pageParam }) => listSellerOrders(userId, filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useMyOrders(userId: string) {
  return useInfiniteQuery(myOrdersQueryOptions(userId));
}

export function useSellerOrders(userId: string, filters: SellerListFilters) {
  return useInfiniteQuery(sellerOrdersQueryOptions(userId, filters));
}
