import { z } from 'zod';
import { BANNER_ACTION_TYPES, VISIBILITY_TARGETS } from '../../store-shop.js';
import { listOf } from '../list.js';

/** spec 1 §3 'Banner': a slide of the shop's carousel, shown to the viewers its target names. */
export const StoreBannerSchema = z
  .strictObject({
    id: z.string(),
    hzt_image: z.string(),
    hzt_image_id: z.string().nullable(),
    vrt_image: z.string(),
    vrt_image_id: z.string().nullable(),
    product: z.string().nullable(),
    supplier: z.string().nullable(),
    url: z.string().nullable(),
    url_target: z.boolean(),
    target: z.enum(VISIBILITY_TARGETS),
    action_type: z.enum(BANNER_ACTION_TYPES),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'StoreBanner' });
export type StoreBanner = z.infer<typeof StoreBannerSchema>;

export const StoreBannerListSchema = listOf(StoreBannerSchema);
export type StoreBannerList = z.infer<typeof StoreBannerListSchema>;
