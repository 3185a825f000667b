import { CollaboratorLimits, type CollaboratorProfileList } from '@vitrina/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/**
 * `GET /api/accounts/{me}:{me}/collaborators/profiles` (spec 1 §2 'Shop side menu', issue 16): the shops the user
 * collaborates in, 5 at a time (spec 2 §9); the next page's offset is how many are loaded.
 */
export function useCollaborations(userId: string | null) {
  return useInfiniteQuery({
    queryKey: ['account-menu', userId, 'collaborations'] as const,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/accounts/{me}/collaborators/profiles', {
          params: { path: { me: ownerSegment(userId ?? '') }, query: { offset: pageParam, limit: CollaboratorLimits.pageSize } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last: CollaboratorProfileList, pages: CollaboratorProfileList[]) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
    },
    enabled: userId !== null,
    retry: false,
  });
}
