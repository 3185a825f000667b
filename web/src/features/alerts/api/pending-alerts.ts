import type { AlertPending } from '@vitrina/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ownerSegment, unwrap } from '@/api/client';
import { alertKeys } from './keys';

/** spec 2 §2: the badge follows new alerts while the tab is open; a minute is fresh enough for a count. */
export const PENDING_POLL_MS = 60_000;

/** `GET /alerts/{me}:{me}/pending`: the alerts not seen yet (the bell's badge). */
export function getPendingAlerts(userId: string): Promise<AlertPending> {
  return unwrap(api.GET('/api/alerts/{me}/pending', { params: { path: { me: ownerSegment(userId) } } }));
}

/**
 * The badge's count: on mount, every minute while the tab is visible (TanStack Query skips its interval for a hidden
 * tab), and when the window gets the focus back, so a user returning from another app sees what came meanwhile.
 */
export function usePendingAlerts(userId: string) {
  const query = useQuery({
    queryKey: alertKeys.pending(userId),
    queryFn: () => getPendingAlerts(userId),
    staleTime: 0,
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: false,
    // The window's own focus event below (TanStack Query only listens to the tab's visibility).
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  useEffect(() => {
    // A fetch already under way answers this focus too.
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return query;
}
