/** Custom catalogues of an owner (spec 1 §3 'Catalogue', §7 catalogue calls). */
import type { Catalogue, CatalogueProductsResult, CatalogueShare } from './api/catalogue/catalogue.js';

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

/** The catalogue shapes are the zod schemas of `api/catalogue/catalogue.ts`; these names stay as aliases. */
export type CatalogueShareJson = CatalogueShare;
export type CatalogueJson = Catalogue;

/** Error codes of the catalogue writes (spec 1 §5, §8) beyond ErrorCodes. */
export const CatalogueErrorCodes = {
  /** spec 1 §5/§8: a server error on the catalogue name; the web shows 'Invalid name' under the field. */
  invalidName: 'invalid_name',
  /** The fork origin (origin_id / origin_slug) is unknown or not published. */
  originNotFound: 'origin_not_found',
} as const;

/** Answer of the catalogue product writes (add_filtered, clone). */
export type CatalogueProductsResultJson = CatalogueProductsResult;
