import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogueLimits, type CatalogueJson, type ListResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { ownerParams, type OwnerRef } from './http';

const at = (owner: OwnerRef, id: string) => ({ path: { ...ownerParams(owner), id } });

/** The owner's catalogues in their drag order (spec 1 §2 'My catalogues'). */
export function myCataloguesQueryOptions(owner: OwnerRef) {
  return queryOptions({
    queryKey: ['shop-admin', 'catalogues', owner.ownerId],
    queryFn: ({ signal }): Promise<ListResponse<CatalogueJson>> =>
      unwrap(
        api.GET('/api/catalogue/{owner}/{scope}/catalogues', {
          params: { path: ownerParams(owner), query: { offset: 0, limit: CatalogueLimits.cataloguesPageSize, sort: 'position' } },
          signal,
        }),
      ),
  });
}

export function useMyCatalogues(owner: OwnerRef) {
  return useQuery(myCataloguesQueryOptions(owner));
}

export interface CatalogueBody {
  name: string;
  photo: string | null;
}

/** A fork origin: another catalogue by id, or by slug with its owner (owner id or shop slug). */
export type CatalogueOrigin = { origin_id: string } | { origin_slug: string; origin_owner: string };

/** POST .../catalogues (spec 1 §7 'Catalogue create'). */
export function createCatalogue(owner: OwnerRef, body: CatalogueBody): Promise<CatalogueJson> {
  return unwrap(api.POST('/api/catalogue/{owner}/{scope}/catalogues', { params: { path: ownerParams(owner) }, body }));
}

/** PATCH .../catalogues/{id}. */
export function updateCatalogue(owner: OwnerRef, id: string, body: CatalogueBody): Promise<CatalogueJson> {
  return unwrap(api.PATCH('/api/catalogue/{owner}/{scope}/catalogues/{id}', { params: at(owner, id), body }));
}

/**
 * DELETE .../catalogues/{id} (spec 1 §7): without `force` a catalogue that still has products is refused with
 * product_catalogue_has_products; the owner is asked, and `force` deletes it with them.
 */
export function deleteCatalogue(owner: OwnerRef, id: string, force = false): Promise<void> {
  return unwrap(
    api.DELETE('/api/catalogue/{owner}/{scope}/catalogues/{id}', {
      params: { ...at(owner, id), ...(force ? { query: { force: true } } : {}) },
    }),
  ).then(() => undefined);
}

/** POST .../catalogues/{id}/move { position } (1-based). */
export function moveCatalogue(owner: OwnerRef, id: string, position: number): Promise<unknown> {
  return unwrap(api.POST('/api/catalogue/{owner}/{scope}/catalogues/{id}/move', { params: at(owner, id), body: { position } }));
}

/** POST .../catalogues with an origin: a new catalogue forked from another owner's (its products copied). */
export function forkCatalogue(owner: OwnerRef, name: string, origin: CatalogueOrigin): Promise<CatalogueJson> {
  return unwrap(
    api.POST('/api/catalogue/{owner}/{scope}/catalogues', { params: { path: ownerParams(owner) }, body: { name, photo: null, ...origin } }),
  );
}

/** POST .../catalogues/{id}/products/clone: copy an origin's products into catalogue {id}. */
export function cloneIntoCatalogue(owner: OwnerRef, id: string, origin: CatalogueOrigin): Promise<unknown> {
  return unwrap(api.POST('/api/catalogue/{owner}/{scope}/catalogues/{id}/products/clone', { params: at(owner, id), body: origin }));
}

/** What the owner typed in 'Duplicar catálogo': a catalogue id, a share URL/path (…/tienda/{shop}/catalogos/{slug}) or 'shop/slug'. */
export function parseCatalogueOrigin(input: string): CatalogueOrigin | null {
  const text = input.trim();
  if (!text) return null;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) return { origin_id: text };
  const share = text.match(/\/tienda\/([^/?#]+)\/catalogos\/([^/?#]+)/);
  if (share) return { origin_owner: decodeURIComponent(share[1]!), origin_slug: decodeURIComponent(share[2]!) };
  const pair = text.match(/^([^/\s]+)\/([^/\s]+)$/);
  if (pair) return { origin_owner: pair[1]!, origin_slug: pair[2]! };
  return null;
}

/** POST .../catalogues/{id}/products/add_filtered { query, silent }. */
export function addFilteredToCatalogue(owner: OwnerRef, id: string, query: Record<string, unknown>, silent = false): Promise<unknown> {
  return unwrap(
    api.POST('/api/catalogue/{owner}/{scope}/catalogues/{id}/products/add_filtered', { params: at(owner, id), body: { query, silent } }),
  );
}
