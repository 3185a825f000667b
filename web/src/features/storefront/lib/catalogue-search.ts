import { CatalogueLimits, type CatalogueJson } from '@vitrina/contracts';
import { onlyAccepted } from '@/lib/route-search';
import { parsePage } from './listing-search';
import { publicShopUrl } from './shop-path';

/** /catalogos and /catalogos/{slug}: a 1-based page, and on the detail a search text. */
export interface CatalogueSearch {
  page?: number;
  text?: string;
}

export function validateCatalogueSearch(search: Record<string, unknown>): CatalogueSearch {
  const page = parsePage(search.page);
  const text = typeof search.text === 'string' ? search.text.trim().slice(0, 100) : '';
  return onlyAccepted(search, { ...(page ? { page } : {}), ...(text ? { text } : {}) });
}

/** spec 1 §9: catalogue pages of 30 (and products of a catalogue, offset=(page-1)*30, limit 30). */
export const CATALOGUES_PAGE_SIZE = CatalogueLimits.cataloguesPageSize;
export const CATALOGUE_PRODUCTS_PAGE_SIZE = CatalogueLimits.catalogueProductsPageSize;

/**
 * The address to share or copy for a catalogue: the API's absolute share URL when the shop has its own
 * domain, else the catalogue's path in the form this visitor sees (own host or /tienda/{slug}).
 */
export function catalogueShareUrl(catalogue: Pick<CatalogueJson, 'slug' | 'share'>, shopSlug: string, origin?: string): string {
  const url = catalogue.share?.url;
  if (url && /^https?:\/\//.test(url)) return url;
  const path = catalogue.share?.path || `/catalogos/${encodeURIComponent(catalogue.slug)}`;
  return publicShopUrl(shopSlug, path, origin ? { origin } : {});
}
