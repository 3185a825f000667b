import type { ItemType, ListState, StockType } from './catalogue-items.js';

/**
 * `catalogue.item` events (ARCHITECTURE §5), keyed by the item id. Published by the catalogue service;
 * consumed by store (items in store: owner and state rules) and cart-checkout (availability).
 */
export interface CatalogueItemSnapshot {
  itemId: string;
  ownerId: string;
  type: ItemType;
  name: string;
  slug: string;
  listState: ListState;
  hidden: boolean;
  isDropshipping: boolean;
  isFree: boolean;
  listPriceMinor: number;
  currency: string;
  soldOut: boolean;
  available: number | null;
  stockType: StockType;
  maxPurchaseAmount: number | null;
  /** First photo, for projections that show a thumbnail. */
  photo: string | null;
  /** Monotonic per item: consumers may ignore a snapshot older than what they hold. */
  revision: number;
}

/** `catalogue.item.created` and `catalogue.item.updated` (publish/unpublish included). */
export type CatalogueItemCreated = CatalogueItemSnapshot;
export type CatalogueItemUpdated = CatalogueItemSnapshot;

/** `catalogue.item.deleted`: the item leaves every shop at once. */
export interface CatalogueItemDeleted {
  itemId: string;
  ownerId: string;
  revision: number;
}

/** `catalogue.item.stock-changed`. */
export interface CatalogueItemStockChanged {
  itemId: string;
  ownerId: string;
  available: number | null;
  stockType: StockType;
  maxPurchaseAmount: number | null;
  soldOut: boolean;
  revision: number;
}

export const CatalogueItemEvents = {
  created: 'catalogue.item.created',
  updated: 'catalogue.item.updated',
  deleted: 'catalogue.item.deleted',
  stockChanged: 'catalogue.item.stock-changed',
} as const;
