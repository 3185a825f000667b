import { z } from 'zod';
import { STORE_TYPES } from '../../store-shop.js';
import { listOf } from '../list.js';

/** spec 1 §3 'Franchise': a published franchise or affinity shop, as lists show it. */
export const FranchiseSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    photo: z.string().nullable(),
    canonical_url: z.string().nullable(),
    store_type: z.enum(STORE_TYPES),
    /** Whether the signed-in owner's store shows it: always present in a store's own lists; in the published search only for a signed-in owner with a shop. */
    in_store: z.boolean().optional(),
  })
  .meta({ id: 'Franchise' });
export type Franchise = z.infer<typeof FranchiseSchema>;

export const FranchiseListSchema = listOf(FranchiseSchema);
export type FranchiseList = z.infer<typeof FranchiseListSchema>;
