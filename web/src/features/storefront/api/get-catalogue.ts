import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { CatalogueJson } from '@vitrina/contracts';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';
import { api, unwrap } from '@/api/client';
import { viewerScope, type ViewerId } from './viewer-key';

/** A published catalogue by its slug (the share URL): GET /api/catalogue/public/referral/{owner}/catalogues/{slug}. */
export function getCatalogue(owner: string, slug: string, signal?: AbortSignal): Promise<CatalogueJson> {
  return unwrap(api.GET('/api/catalogue/public/referral/{owner}/catalogues/{slug}', { params: { path: { owner, slug } }, signal }));
}

export function catalogueQueryOptions(owner: string, slug: string, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'catalogue', owner, slug],
    queryFn: ({ signal }) => getCatalogue(owner, slug, signal),
  });
}

export function useCatalogue(owner: string, slug: string) {
  return useSuspenseQuery(catalogueQueryOptions(owner, slug, useViewer().userId));
}
