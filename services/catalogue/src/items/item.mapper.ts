import {
  formatMinorUnits,
  type CatalogueItem,
  type ItemType,
  type ListState,
  type MainType,
  type CatalogueReturnInfo,
  type StockType,
} from '@vitrina/contracts';
import type { ItemRow } from './item.repository.js';
import { isConcluded } from './domain/item.rules.js';
import { ratingOf } from '../ratings/rating.js';

/** An item row as the API answers it (contracts CatalogueItem). */
export function toItemJson(row: ItemRow, now = new Date()): CatalogueItem {
  const concluded = isConcluded(row.type, row.experienceDate, now);
  const stock = { available: row.available, stock_type: row.stockType as StockType, max_purchase_amount: row.maxPurchaseAmount };
  return {
    id: row.id,
    owner: row.ownerId,
    owner_name: row.ownerName ?? '',
    supplier_enabled: row.ownerEnabled !== false,
    name: row.name,
    slug: row.slug,
    type: row.type as ItemType,
    main_type: row.mainType as MainType,
    photos: row.photos,
    images: row.photos,
    description: row.description,
    tags: row.tags,
    list_price: formatMinorUnits(row.listPriceMinor),
    list_price_minor: row.listPriceMinor,
    crossout_price: row.crossoutPriceMinor === null ? null : formatMinorUnits(row.crossoutPriceMinor),
    crossout_price_minor: row.crossoutPriceMinor,
    currency: row.currency,
    hide_price: row.hidePrice,
    is_free: row.isFree,
    is_dropshipping: row.isDropshipping,
    contribution_margin: formatMinorUnits(row.contributionMarginMinor),
    contribution_margin_minor: row.contributionMarginMinor,
    variants: row.variants,
    stock,
    ...stock,
    sold_out: row.soldOut,
    experience_date: row.experienceDate ? row.experienceDate.toISOString() : null,
    experience_available: row.type === 'experience' ? !concluded && !row.soldOut : null,
    concluded,
    list_state: row.listState as ListState,
    hiden: row.hidden,
    queue_position: row.queuePosition,
    category_ids: row.categoryIds,
    return_info: (row.returnInfo as CatalogueReturnInfo | null) ?? null,
    rating: ratingOf(row.ratingSum, row.ratingCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
