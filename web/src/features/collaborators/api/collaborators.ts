import {
  CollaboratorLimits,
  type Collaborator,
  type CollaboratorCreate,
  type CollaboratorList,
  type CollaboratorRole,
} from '@vitrina/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/** spec 1 §2 'Shop side menu': collaborators 5 at a time. */
export const COLLABORATOR_PAGE_SIZE = CollaboratorLimits.pageSize;

export const collaboratorKeys = {
  all: ['collaborators'] as const,
  list: (userId: string) => ['collaborators', 'list', userId] as const,
};

/** `GET /accounts/{me}:{me}/collaborators?offset&limit`: the caller's shop's collaborators, newest first. */
export function listCollaborators(userId: string, offset: number): Promise<CollaboratorList> {
  return unwrap(
    api.GET('/api/accounts/{me}/collaborators', {
      params: { path: { me: ownerSegment(userId) }, query: { offset, limit: COLLABORATOR_PAGE_SIZE } },
    }),
  );
}

export function useCollaborators(userId: string) {
  return useInfiniteQuery({
    queryKey: collaboratorKeys.list(userId),
    queryFn: ({ pageParam }) => listCollaborators(userId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length === COLLABORATOR_PAGE_SIZE && loaded < last.matches_estimated ? loaded : undefined;
    },
  });
}

function useInvalidate(userId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: collaboratorKeys.list(userId) });
}

export function useAddCollaborator(userId: string) {
  const invalidate = useInvalidate(userId);
  return useMutation({
    mutationFn: (body: CollaboratorCreate): Promise<Collaborator> =>
      unwrap(api.POST('/api/accounts/{me}/collaborators', { params: { path: { me: ownerSegment(userId) } }, body })),
    onSuccess: invalidate,
  });
}

export function useChangeCollaboratorRole(userId: string) {
  const invalidate = useInvalidate(userId);
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: CollaboratorRole }): Promise<Collaborator> =>
      unwrap(api.PATCH('/api/accounts/{me}/collaborators/{id}', { params: { path: { me: ownerSegment(userId), id } }, body: { role } })),
    onSuccess: invalidate,
  });
}

export function useRemoveCollaborator(userId: string) {
  const invalidate = useInvalidate(userId);
  return useMutation({
    mutationFn: (id: string): Promise<unknown> =>
      unwrap(api.DELETE('/api/accounts/{me}/collaborators/{id}', { params: { path: { me: ownerSegment(userId), id } } })),
    onSuccess: invalidate,
  });
}

/** `PUT /{id}/refresh`: reads the person's name, username and photo again from their account. */
export function useRefreshCollaborator(userId: string) {
  const invalidate = useInvalidate(userId);
  return useMutation({
    mutationFn: (id: string): Promise<Collaborator> =>
      unwrap(api.PUT('/api/accounts/{me}/collaborators/{id}/refresh', { params: { path: { me: ownerSegment(userId), id } } })),
    onSuccess: invalidate,
  });
}
