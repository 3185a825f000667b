import { ReturnLimits, type ReturnStatus, type ReturnSummaryList } from '@vitrina/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { returnKeys, type ReturnSide } from './keys';

const PAGE = ReturnLimits.pageSize;

/** The return requests of a side, open or closed, newest first (`?status&offset&limit`). */
export function listReturns(
  side: ReturnSide,
  userId: string,
  status: ReturnStatus,
  offset: number,
  limit = PAGE,
): Promise<ReturnSummaryList> {
  const me = ownerSegment(userId);
  const query = { status, offset, limit };
  if (side === 'customer') return unwrap(api.GET('/api/orders/{me}/returns', { params: { path: { me }, query } }));
  if (side === 'seller') return unwrap(api.GET('/api/orders/admin/suppliers/{me}/returns', { params: { path: { me }, query } }));
  return unwrap(api.GET('/api/orders/{me}/dssupplier/returns', { params: { path: { me }, query } }));
}

/** The next page's offset, or undefined when the last page came (fewer than a page, or the estimate reached). */
export function nextOffset(last: ReturnSummaryList, pages: ReturnSummaryList[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  if (last.results.length < PAGE || loaded >= last.matches_estimated) return undefined;
  return loaded;
}

export function returnsQueryOptions(side: ReturnSide, userId: string, status: ReturnStatus) {
  return infiniteQueryOptions({
    queryKey: returnKeys.list(side, userId, status),
    queryFn: ({ pageParam }) => listReturns(side, userId, status, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useReturns(side: ReturnSide, userId: string, status: ReturnStatus) {
  return useInfiniteQuery(returnsQueryOptions(side, userId, status));
}
