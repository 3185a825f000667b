/** Custom catalogues of an owner (spec 1 §3 'Catalogue', §7 catalogue calls). */

/** Sorts of catalogue lists (spec 1 §7: sort -weight, name). */
export const CATALOGUE_SORTS = ['-weight', 'weight', 'name', '-name', 'position', '-position', '-updated_at', 'updated_at'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** Sorts of a catalogue's products (spec 1 §9: default -contribution_margin). */
export const CATALOGUE_PRODUCT_SORTS = [
  '-contribution_margin',
  'contribution_margin',
  'position',
  '-position',
  'list_price',
  '-list_price',
  'queue_position',
] as const;
export type CatalogueProductSort = (typeof CATALOGUE_PRODUCT_SORTS)[number];

export const CATALOGUE_STATES = ['published', 'unpublished'] as const;
export type CatalogueState = (typeof CATALOGUE_STATES)[number];

export interface CatalogueShareJson {
  /** The name cut at 100 characters (spec 1 §5). */
  name: string;
  /** Shop-relative path: `/catalogos/{slug}` (or CATALOGUE_SHARE_BASE + slug). */
  path: string;
  /** Absolute URL when the owner's shop has a canonical URL, else `/tienda/{shopSlug}{path}`; null when the owner has no shop. */
  url: string | null;
}

export interface CatalogueJson {
  id: string;
  owner: string;
  name: string;
  slug: string;
  photo: string | null;
  /** 1-based position among the owner's catalogues (the owner's drag order). */
  position: number;
  /** Storefront priority: published lists sort by descending weight. */
  weight: number;
  num_products: number;
  state: CatalogueState;
  /** Fork origin (issue 5's clone): the catalogue this one was copied from. */
  origin_id: string | null;
  origin_slug: string | null;
  share: CatalogueShareJson;
  created_at: string;
  updated_at: string;
}

/** Error codes of the catalogue writes (spec 1 §5, §8) beyond ErrorCodes. */
export const CatalogueErrorCodes = {
  /** spec 1 §5/§8: a server error on the catalogue name; the web shows 'Invalid name' under the field. */
  invalidName: 'invalid_name',
  /** The fork origin (origin_id / origin_slug) is unknown or not published. */
  originNotFound: 'origin_not_found',
} as const;

/** Answer of the catalogue product writes (add_filtered, clone). */
export interface CatalogueProductsResultJson {
  catalogue: CatalogueJson;
  /** Item ids newly added to the catalogue by this call. */
  added: string[];
}
