import { useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/** Outside the inbox the 'Mensajes' badge is read this often (the inbox's live stream keeps it current inside). */
export const UNREAD_POLL_MS = 60_000;

/**
 * `GET /api/conversation/{me}:{me}/unread` (issue 15): how many messages wait unread. The key is the inbox's own
 * (`['inbox', userId, 'unread']`), so a read or a live event there refreshes the badge too; the account menu reads
 * it itself because a feature never imports another (.dependency-cruiser.cjs).
 */
export function useUnreadMessages(userId: string | null): number {
  const query = useQuery({
    queryKey: ['inbox', userId, 'unread'] as const,
    queryFn: () => unwrap(api.GET('/api/conversation/{me}/unread', { params: { path: { me: ownerSegment(userId ?? '') } } })),
    enabled: userId !== null,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
  // a count that could not be read shows no badge (spec 2 §8: inbox loading errors stay quiet)
  return query.data?.pending ?? 0;
}
