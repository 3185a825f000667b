import { StoreEvents, type StoreShopCreated, type StoreType } from '@vitrina/contracts';
import type { NewEvent } from '@vitrina/platform';
import type { ShopRow } from '../shop.repository.js';

export function shopSnapshot(shop: ShopRow): StoreShopCreated {
  return {
    shopId: shop.id,
    ownerId: shop.ownerId,
    slug: shop.slug,
    storeType: shop.storeType as StoreType,
    name: shop.name,
    supplierId: shop.storeType === 'franchise' ? (shop.dssupplierId ?? shop.ownerId) : null,
    canonicalUrl: shop.canonicalUrl,
    isProxy: shop.isProxy,
    state: shop.state as 'published' | 'unpublished',
  };
}

/** `store.shop.created` / `store.shop.updated`, keyed by the shop id. */
export const shopEvents = {
  created: (shop: ShopRow): NewEvent<StoreShopCreated> => ({
    type: StoreEvents.shopCreated,
    key: shop.id,
    shopId: shop.id,
    data: shopSnapshot(shop),
  }),
  updated: (shop: ShopRow): NewEvent<StoreShopCreated> => ({
    type: StoreEvents.shopUpdated,
    key: shop.id,
    shopId: shop.id,
    data: shopSnapshot(shop),
  }),
};
