import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StoreLimits, type BannerJson, type ListResponse } from '@vitrina/contracts';
import type { bannerPayload } from '../domain/validation';
import { getJson, seg, sendJson, storeBase, type OwnerRef } from './http';

export type BannerBody = ReturnType<typeof bannerPayload>;

export function bannersQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'banners', owner.ownerId],
    queryFn: ({ signal }) => getJson<ListResponse<BannerJson>>(`${storeBase(owner)}/banners`, { offset: 0, limit: StoreLimits.bannersPageSize }, signal),
  });
}

export function useBanners(owner: OwnerRef) {
  return useQuery(bannersQueryOptions(owner));
}

/** Create versus edit is decided by the presence of an id (spec 1 §4 'Banner/header edit'). */
export function useSaveBanner(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BannerBody }) =>
      id ? sendJson<BannerJson>('PATCH', `${storeBase(owner)}/banners/${seg(id)}`, body) : sendJson<BannerJson>('POST', `${storeBase(owner)}/banners`, body),
    onSettled: () => client.invalidateQueries({ queryKey: bannersQueryOptions(owner).queryKey }),
  });
}

export function useDeleteBanner(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', `${storeBase(owner)}/banners/${seg(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: bannersQueryOptions(owner).queryKey }),
  });
}
