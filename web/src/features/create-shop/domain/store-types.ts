import type { StoreType } from '@vitrina/contracts';

/**
 * The store types a user creates a shop with (issue 16, `POST /store/shops`), in the order the form offers them:
 * their own shop, an affiliate (reseller) shop, an affinity shop. A franchise comes with its supplier (a later slice).
 */
export const NEW_SHOP_TYPES = ['others', 'affiliate', 'affinity'] as const satisfies readonly StoreType[];
export type NewShopType = (typeof NEW_SHOP_TYPES)[number];

export const DEFAULT_SHOP_TYPE: NewShopType = 'others';
