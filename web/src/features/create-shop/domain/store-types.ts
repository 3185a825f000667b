import { CREATABLE_STORE_TYPES, type CreatableStoreType } from '@vitrina/contracts';

/**
 * The store types a user creates a shop with (issue 16, `POST /store/shops`), in the order the form offers them:
 * their own shop, an affiliate (reseller) shop, an affinity shop. A franchise comes with its supplier (a later slice).
 */
export const NEW_SHOP_TYPES: readonly CreatableStoreType[] = CREATABLE_STORE_TYPES;
export type NewShopType = CreatableStoreType;

export const DEFAULT_SHOP_TYPE: NewShopType = 'others';
