import type { AlertPending } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { alertKeys } from './keys';

/** `POST /alerts/{me}:{me}/seen`: opening the panel clears the bell's count (spec 2 §4 'Alerts'). */
export function markAlertsSeen(userId: string): Promise<AlertPending> {
  return unwrap(api.POST('/api/alerts/{me}/seen', { params: { path: { me: ownerSegment(userId) } } }));
}

/** Clears the badge at once (optimistic); a failure reads the count again. */
export function useMarkAlertsSeen(userId: string) {
  const queryClient = useQueryClient();
  const key = alertKeys.pending(userId);
  return useMutation({
    mutationFn: () => markAlertsSeen(userId),
    onMutate: async () => {
      // A poll on its way would bring the old count back.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<AlertPending>(key, { pending: 0 });
    },
    onSuccess: (answer) => queryClient.setQueryData<AlertPending>(key, answer),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
