import { CatalogueLimits, type Catalogue, type CatalogueState } from '@vitrina/contracts';
import type { catalogues } from '../db/schema.js';

/**
 * A catalogue as clients see it: the stored row with `position` (rank 1..n among the owner's catalogues) and `weight`
 * (explicit, or n..1 along the drag order) computed in the read (`catalogue.order.ts`).
 */
export type CatalogueRow = Omit<typeof catalogues.$inferSelect, 'weight'> & { position: number; weight: number };

/** The shop a share link points into (from the catalogue's shop projection). */
export interface ShareShop {
  slug: string;
  canonicalUrl: string | null;
}

/** spec 1 §5/§9: the catalogue name is cut at 100 characters for sharing. */
export function shareName(name: string): string {
  return Array.from(name).slice(0, CatalogueLimits.shareNameMax).join('');
}

/**
 * Share link of a catalogue: `{shop base}{shareBase}/{slug}` (spec 1 §2: /catalogos/{slug}, a configurable
 * base may replace /catalogos). Absolute on a shop's own domain, `/tienda/{shopSlug}/...` otherwise.
 */
export function shareOf(row: Pick<CatalogueRow, 'name' | 'slug'>, shop: ShareShop | undefined, shareBase: string) {
  const path = `${shareBase}/${encodeURIComponent(row.slug)}`;
  const url = shop
    ? shop.canonicalUrl
      ? `${shop.canonicalUrl.replace(/\/+$/, '')}${path}`
      : `/tienda/${encodeURIComponent(shop.slug)}${path}`
    : null;
  return { name: shareName(row.name), path, url };
}

export function toCatalogueJson(row: CatalogueRow, shop: ShareShop | undefined, shareBase: string): Catalogue {
  return {
    id: row.id,
    owner: row.ownerId,
    name: row.name,
    slug: row.slug,
    photo: row.photo,
    position: row.position,
    weight: row.weight,
    num_products: row.numProducts,
    state: row.state as CatalogueState,
    origin_id: row.originId,
    origin_slug: row.originSlug,
    share: shareOf(row, shop, shareBase),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
