import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StoreLimits, type HeaderJson, type ListResponse } from '@vitrina/contracts';
import type { headerPayload } from '../domain/validation';
import { api, unwrap } from '@/api/client';
import { ownerParams, type OwnerRef } from './http';

export type HeaderBody = ReturnType<typeof headerPayload>;

export function headersQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'headers', owner.ownerId],
    queryFn: ({ signal }): Promise<ListResponse<HeaderJson>> =>
      unwrap(
        api.GET('/api/store/{owner}/{scope}/store/headers', {
          params: { path: ownerParams(owner), query: { offset: 0, limit: StoreLimits.headersPageSize } },
          signal,
        }),
      ),
  });
}

export function useHeaders(owner: OwnerRef) {
  return useQuery(headersQueryOptions(owner));
}

export function useSaveHeader(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: HeaderBody }): Promise<HeaderJson> =>
      unwrap(
        id
          ? api.PATCH('/api/store/{owner}/{scope}/store/headers/{id}', { params: { path: { ...ownerParams(owner), id } }, body })
          : api.POST('/api/store/{owner}/{scope}/store/headers', { params: { path: ownerParams(owner) }, body }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: headersQueryOptions(owner).queryKey }),
  });
}

export function useDeleteHeader(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/store/{owner}/{scope}/store/headers/{id}', { params: { path: { ...ownerParams(owner), id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: headersQueryOptions(owner).queryKey }),
  });
}
