import type { Alert, AlertList } from '@vitrina/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { alertKeys } from './keys';

/**
 * `PATCH /alerts/{me}:{me}/{id}`: a click marks the alert visited (`pending_visits` false). The route reads no body, so
 * none is sent (nor a JSON content type with nothing in it).
 */
export function markAlertVisited(userId: string, id: string): Promise<Alert> {
  return unwrap(api.PATCH('/api/alerts/{me}/{id}', { params: { path: { me: ownerSegment(userId), id } } }));
}

type Pages = InfiniteData<AlertList, number>;

function replace(pages: Pages | undefined, id: string, change: (alert: Alert) => Alert): Pages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, results: page.results.map((item) => (item.id === id ? change(item) : item)) })),
  };
}

/**
 * Marks the alert visited in the list at once, as the click navigates away; the answer replaces it. The list's
 * options live here, not in `mutate`'s, so they still run when the panel has closed.
 */
export function useMarkAlertVisited(userId: string) {
  const queryClient = useQueryClient();
  const key = alertKeys.list(userId);
  return useMutation({
    mutationFn: (id: string) => markAlertVisited(userId, id),
    onMutate: (id) => {
      queryClient.setQueryData<Pages>(key, (pages) => replace(pages, id, (item) => ({ ...item, pending_visits: false })));
    },
    onSuccess: (visited) => queryClient.setQueryData<Pages>(key, (pages) => replace(pages, visited.id, () => visited)),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
