import { AlertLimits, type AlertList } from '@vitrina/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { alertKeys } from './keys';

/** spec 2 §9: alerts load in chunks of 10. */
const CHUNK = AlertLimits.page;

/** `GET /alerts/{me}:{me}?offset&limit`: the user's alerts, newest first. */
export function listAlerts(userId: string, offset: number, limit = CHUNK): Promise<AlertList> {
  return unwrap(api.GET('/api/alerts/{me}', { params: { path: { me: ownerSegment(userId) }, query: { offset, limit } } }));
}

/** spec 2 §4: the next chunk's offset is the number loaded; none once a short chunk came or the estimate is reached. */
export function nextOffset(last: AlertList, pages: AlertList[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  if (last.results.length < CHUNK || loaded >= last.matches_estimated) return undefined;
  return loaded;
}

export function alertsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: alertKeys.list(userId),
    queryFn: ({ pageParam }) => listAlerts(userId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Opening the panel reads the alerts again (spec 2 §4): what is cached only shows meanwhile.
    staleTime: 0,
  });
}

export function useAlerts(userId: string) {
  return useInfiniteQuery(alertsQueryOptions(userId));
}
