import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { CatalogueJson } from '@vitrina/contracts';
import { getJson, seg } from './http';

/** A published catalogue by its slug (the share URL): GET /api/catalogue/public/referral/{owner}/catalogues/{slug}. */
export function getCatalogue(owner: string, slug: string, signal?: AbortSignal): Promise<CatalogueJson> {
  return getJson<CatalogueJson>(`/api/catalogue/public/referral/${seg(owner)}/catalogues/${seg(slug)}`, undefined, signal);
}

export function catalogueQueryOptions(owner: string, slug: string) {
  return queryOptions({
    queryKey: ['storefront', 'catalogue', owner, slug],
    queryFn: ({ signal }) => getCatalogue(owner, slug, signal),
  });
}

export function useCatalogue(owner: string, slug: string) {
  return useSuspenseQuery(catalogueQueryOptions(owner, slug));
}
