import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StoreLimits, type HeaderJson, type ListResponse } from '@vitrina/contracts';
import type { headerPayload } from '../domain/validation';
import { getJson, seg, sendJson, storeBase, type OwnerRef } from './http';

export type HeaderBody = ReturnType<typeof headerPayload>;

export function headersQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'headers', owner.ownerId],
    queryFn: ({ signal }) => getJson<ListResponse<HeaderJson>>(`${storeBase(owner)}/headers`, { offset: 0, limit: StoreLimits.headersPageSize }, signal),
  });
}

export function useHeaders(owner: OwnerRef) {
  return useQuery(headersQueryOptions(owner));
}

export function useSaveHeader(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: HeaderBody }) =>
      id ? sendJson<HeaderJson>('PATCH', `${storeBase(owner)}/headers/${seg(id)}`, body) : sendJson<HeaderJson>('POST', `${storeBase(owner)}/headers`, body),
    onSettled: () => client.invalidateQueries({ queryKey: headersQueryOptions(owner).queryKey }),
  });
}

export function useDeleteHeader(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', `${storeBase(owner)}/headers/${seg(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: headersQueryOptions(owner).queryKey }),
  });
}
