import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StoreLimits, type BannerJson, type ListResponse } from '@vitrina/contracts';
import type { bannerPayload } from '../domain/validation';
import { api, unwrap } from '@/api/client';
import { ownerParams, type OwnerRef } from './http';

export type BannerBody = ReturnType<typeof bannerPayload>;

export function bannersQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'banners', owner.ownerId],
    queryFn: ({ signal }): Promise<ListResponse<BannerJson>> =>
      unwrap(
        api.GET('/api/store/{owner}/{scope}/store/banners', {
          params: { path: ownerParams(owner), query: { offset: 0, limit: StoreLimits.bannersPageSize } },
          signal,
        }),
      ),
  });
}

export function useBanners(owner: OwnerRef) {
  return useQuery(bannersQueryOptions(owner));
}

/** Create versus edit is decided by the presence of an id (spec 1 §4 'Banner/header edit'). */
export function useSaveBanner(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BannerBody }): Promise<BannerJson> =>
      unwrap(
        id
          ? api.PATCH('/api/store/{owner}/{scope}/store/banners/{id}', { params: { path: { ...ownerParams(owner), id } }, body })
          : api.POST('/api/store/{owner}/{scope}/store/banners', { params: { path: ownerParams(owner) }, body }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: bannersQueryOptions(owner).queryKey }),
  });
}

export function useDeleteBanner(owner: OwnerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/store/{owner}/{scope}/store/banners/{id}', { params: { path: { ...ownerParams(owner), id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: bannersQueryOptions(owner).queryKey }),
  });
}
