import type { BannerActionType, StoreBanner, VisibilityTarget } from '@vitrina/contracts';
import type { banners } from '../db/schema.js';

export type BannerRow = typeof banners.$inferSelect;

export function toBannerJson(row: BannerRow): StoreBanner {
  return {
    id: row.id,
    hzt_image: row.hztImage,
    hzt_image_id: row.hztImageId,
    vrt_image: row.vrtImage,
    vrt_image_id: row.vrtImageId,
    product: row.product,
    supplier: row.supplier,
    url: row.url,
    url_target: row.urlTarget,
    target: row.target as VisibilityTarget,
    action_type: row.actionType as BannerActionType,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
