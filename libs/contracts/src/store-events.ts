/** `store.shop` and `store.items` events (docs/architecture.md §5). Published by the store service. */
export interface StoreShopCreated {
  shopId: string;
  ownerId: string;
  slug: string;
  storeType: 'franchise' | 'affinity' | 'affiliate' | 'others';
  name: string;
  /** The franchise's supplier (franchise stores add only its products); null for other stores. */
  supplierId?: string | null;
  /** `https://shop.example.com` when the shop has its own (sub)domain, else null. */
  canonicalUrl?: string | null;
  isProxy?: boolean;
  state?: 'published' | 'unpublished';
}
/** `store.shop.updated`: the shop's snapshot after the change; `changed` names the ShopJson fields that changed (owner edits). */
export interface StoreShopUpdated extends StoreShopCreated {
  changed?: string[];
}

/**
 * `store.shop.visited`: a shop was loaded with affiliate parameters (spec 1 §7 'Load shop').
 * Marketing records the visit (and publishes its own `marketing.referral.visit-recorded`).
 * Only the parameters present are set; keyed by the shop id.
 */
export interface StoreShopVisited {
  shopId: string;
  ownerId: string;
  slug: string;
  /** The signed-in visitor, when any. */
  visitorId?: string;
  params: {
    gclid?: string;
    fbclid?: string;
    click_id?: string;
    referral?: string;
    campaign?: string;
    referral_slug?: string;
  };
  /** Host the shop was loaded on (own domain) or null for /tienda/{slug}. */
  host?: string | null;
}

/**
 * `store.shop.banner-deleted`: a banner was deleted. Its gallery images (those no other banner uses) are
 * marked for deletion in the same transaction and deleted afterwards by a job with retries in the store
 * service itself, so a storage failure never half-deletes a banner.
 */
export interface StoreShopBannerDeleted {
  shopId: string;
  bannerId: string;
  imageIds: string[];
}

/** `store.shop.banner-created` / `banner-updated`, keyed by the shop id. */
export interface StoreShopBannerChanged {
  shopId: string;
  bannerId: string;
}

/** `store.shop.header-created` / `header-updated` / `header-deleted`, keyed by the shop id. */
export interface StoreShopHeaderChanged {
  shopId: string;
  headerId: string;
}

/** `store.items.added` / `store.items.removed`: which items a shop shows (catalogue keeps a projection). */
export interface StoreItemsChanged {
  shopId: string;
  itemIds: string[];
}

export const StoreEvents = {
  shopCreated: 'store.shop.created',
  shopUpdated: 'store.shop.updated',
  shopVisited: 'store.shop.visited',
  bannerCreated: 'store.shop.banner-created',
  bannerUpdated: 'store.shop.banner-updated',
  bannerDeleted: 'store.shop.banner-deleted',
  headerCreated: 'store.shop.header-created',
  headerUpdated: 'store.shop.header-updated',
  headerDeleted: 'store.shop.header-deleted',
  itemsAdded: 'store.items.added',
  itemsRemoved: 'store.items.removed',
} as const;
