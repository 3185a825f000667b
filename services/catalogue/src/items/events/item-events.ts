import {
  CatalogueItemEvents,
  type CatalogueItemDeleted,
  type CatalogueItemSnapshot,
  type CatalogueItemStockChanged,
  type ItemType,
  type ListState,
  type StockType,
} from '@vitrina/contracts';
import type { NewEvent } from '@vitrina/platform';
import type { ItemRow } from '../item.repository.js';

type Snap = Omit<ItemRow, 'ownerName' | 'ownerEnabled' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'returnInfo'>;

export function itemSnapshot(row: Snap): CatalogueItemSnapshot {
  return {
    itemId: row.id,
    ownerId: row.ownerId,
    type: row.type as ItemType,
    name: row.name,
    slug: row.slug,
    listState: row.listState as ListState,
    hidden: row.hidden,
    isDropshipping: row.isDropshipping,
    isFree: row.isFree,
    listPriceMinor: row.listPriceMinor,
    contributionMarginMinor: row.contributionMarginMinor,
    currency: row.currency,
    soldOut: row.soldOut,
    available: row.available,
    stockType: row.stockType as StockType,
    maxPurchaseAmount: row.maxPurchaseAmount,
    photo: row.photos[0] ?? null,
    description: row.description.slice(0, 280),
    experienceDate: row.experienceDate?.toISOString() ?? null,
    variants: row.variants,
    revision: row.revision,
  };
}

/** The outbox entries of `catalogue.item` (keyed by the item id, so one item's events stay in order). */
export const itemEvents = {
  created: (row: Snap): NewEvent<CatalogueItemSnapshot> => ({ type: CatalogueItemEvents.created, key: row.id, data: itemSnapshot(row) }),
  updated: (row: Snap): NewEvent<CatalogueItemSnapshot> => ({ type: CatalogueItemEvents.updated, key: row.id, data: itemSnapshot(row) }),
  deleted: (row: Pick<Snap, 'id' | 'ownerId' | 'revision'>): NewEvent<CatalogueItemDeleted> => ({
    type: CatalogueItemEvents.deleted,
    key: row.id,
    data: { itemId: row.id, ownerId: row.ownerId, revision: row.revision },
  }),
  stockChanged: (row: Snap): NewEvent<CatalogueItemStockChanged> => ({
    type: CatalogueItemEvents.stockChanged,
    key: row.id,
    data: {
      itemId: row.id,
      ownerId: row.ownerId,
      available: row.available,
      stockType: row.stockType as StockType,
      maxPurchaseAmount: row.maxPurchaseAmount,
      soldOut: row.soldOut,
      revision: row.revision,
    },
  }),
};
