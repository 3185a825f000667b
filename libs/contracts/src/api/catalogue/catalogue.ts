import { z } from 'zod';
import { CATALOGUE_STATES } from '../../catalogue-catalogues.js';

/** Answers of the custom-catalogue reads and writes (spec 1 §3 'Catalogue', §7 catalogue calls). */

export const CatalogueShareSchema = z
  .object({
    /** The name cut at 100 characters (spec 1 §5). */
    name: z.string(),
    /** Shop-relative path: `/catalogos/{slug}` (or CATALOGUE_SHARE_BASE + slug). */
    path: z.string(),
    /** Absolute URL when the owner's shop has a canonical URL, else `/tienda/{shopSlug}{path}`; null when the owner has no shop. */
    url: z.string().nullable(),
  })
  .meta({ id: 'CatalogueShare' });
export type CatalogueShare = z.infer<typeof CatalogueShareSchema>;

export const CatalogueSchema = z
  .object({
    id: z.string(),
    owner: z.string(),
    name: z.string(),
    slug: z.string(),
    photo: z.string().nullable(),
    /** 1-based position among the owner's catalogues (the owner's drag order). */
    position: z.number().int(),
    /** Storefront priority: published lists sort by descending weight. */
    weight: z.number().int(),
    num_products: z.number().int(),
    state: z.enum(CATALOGUE_STATES),
    /** Fork origin (issue 5's clone): the catalogue this one was copied from. */
    origin_id: z.string().nullable(),
    origin_slug: z.string().nullable(),
    share: CatalogueShareSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof CatalogueSchema>;

/** Answer of the catalogue product writes (add_filtered, clone). */
export const CatalogueProductsResultSchema = z
  .object({
    catalogue: CatalogueSchema,
    /** Item ids newly added to the catalogue by this call. */
    added: z.array(z.string()),
  })
  .meta({ id: 'CatalogueProductsResult' });
export type CatalogueProductsResult = z.infer<typeof CatalogueProductsResultSchema>;
