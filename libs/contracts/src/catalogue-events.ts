import type { ItemType, ListState, StockType } from './catalogue-items.js';

/**
 * `catalogue.item` events (docs/architecture.md §5), keyed by the item id. Published by the catalogue service;
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
  /** Issue 14: the contribution margin per unit (a reseller's commission is a share of it); absent in older events. */
  contributionMarginMinor?: number;
  currency: string;
  soldOut: boolean;
  available: number | null;
  stockType: StockType;
  maxPurchaseAmount: number | null;
  /** First photo, for projections that show a thumbnail. */
  photo: string | null;
  /** The description's first 280 characters (carts show it under the name); absent on events written before it. */
  description?: string;
  /** When an experience takes place (ISO); once past, it cannot be bought. Absent on events written before it. */
  experienceDate?: string | null;
  /** Variant name -> value (a value listing options "S, M, L" offers a choice); carts validate a line's variant against it. Absent on events written before it. */
  variants?: Record<string, string>;
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

/**
 * Topic of the custom catalogues (issue 5): `catalogue.catalogue`, keyed by the OWNER id so one owner's
 * catalogue events stay in order (the store derives `sections_info` from `ownerCatalogues`).
 * Operators: add it next to `catalogue.item` (Topics / ALL_TOPICS / infra/kafka) when running on Kafka.
 */
export const CatalogueTopics = {
  catalogue: 'catalogue.catalogue',
} as const;

/** Every `catalogue.catalogue.*` event carries the catalogue and the owner's catalogue count after the change. */
export interface CatalogueCatalogueChanged {
  catalogueId: string;
  ownerId: string;
  slug: string;
  name: string;
  numProducts: number;
  /** How many catalogues the owner has after this change: 0 removes 'catalogues' from sections_info, > 0 adds it. */
  ownerCatalogues: number;
}

/** `catalogue.catalogue.moved`: the catalogue now sits at `position` (1-based); the others shifted. */
export interface CatalogueCatalogueMoved extends CatalogueCatalogueChanged {
  position: number;
}

/** `products-added` / `product-removed` / `product-moved`. */
export interface CatalogueCatalogueProductsChanged extends CatalogueCatalogueChanged {
  itemIds: string[];
  /** `product-moved`: the product's new 1-based position. */
  position?: number;
}

/**
 * `catalogue.catalogue.cloned`: the owner forked another catalogue; `itemIds` were copied into it. The store
 * owns items in store: it adds those it may show to the owner's shop (and publishes `store.items.added`).
 */
export interface CatalogueCatalogueCloned extends CatalogueCatalogueChanged {
  originId: string;
  originOwnerId: string;
  itemIds: string[];
}

export const CatalogueCatalogueEvents = {
  created: 'catalogue.catalogue.created',
  updated: 'catalogue.catalogue.updated',
  deleted: 'catalogue.catalogue.deleted',
  moved: 'catalogue.catalogue.moved',
  productsAdded: 'catalogue.catalogue.products-added',
  productRemoved: 'catalogue.catalogue.product-removed',
  productMoved: 'catalogue.catalogue.product-moved',
  cloned: 'catalogue.catalogue.cloned',
} as const;
