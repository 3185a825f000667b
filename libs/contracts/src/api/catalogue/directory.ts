import { z } from 'zod';

/** Suppliers (dssuppliers) and categories as the catalogue answers them (spec 1 §3, §2 'Add-products modal'). */

export const CatalogueSupplierSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    /** False when the supplier is disabled (the storefront shows the disabled-supplier banner). */
    enabled: z.boolean(),
  })
  .meta({ id: 'CatalogueSupplier' });
export type CatalogueSupplier = z.infer<typeof CatalogueSupplierSchema>;

export const CatalogueCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
  })
  .meta({ id: 'CatalogueCategory' });
export type CatalogueCategory = z.infer<typeof CatalogueCategorySchema>;
