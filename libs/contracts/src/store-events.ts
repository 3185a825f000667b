/** `store.shop` and `store.items` events (ARCHITECTURE §5). Published by the store service. */
export interface StoreShopCreated {
  shopId: string;
  ownerId: string;
  slug: string;
  storeType: 'franchise' | 'affinity' | 'affiliate' | 'others';
  name: string;
}
export type StoreShopUpdated = StoreShopCreated;

/** `store.items.added` / `store.items.removed`: which items a shop shows (catalogue keeps a projection). */
export interface StoreItemsChanged {
  shopId: string;
  itemIds: string[];
}

export const StoreEvents = {
  shopCreated: 'store.shop.created',
  shopUpdated: 'store.shop.updated',
  itemsAdded: 'store.items.added',
  itemsRemoved: 'store.items.removed',
} as const;
