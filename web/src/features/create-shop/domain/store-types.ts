import { CREATABLE_STORE_TYPES, SUPPLIER_STORE_TYPES, type CreatableStoreType } from '@vitrina/contracts';

/**
 * The store types a user creates a shop with (issue 16, `POST /store/shops`), in the order the form offers them:
 * their own shop, an affiliate (reseller) shop, an affinity shop, and for a supplier a franchise of their products.
 */
export const NEW_SHOP_TYPES: readonly CreatableStoreType[] = CREATABLE_STORE_TYPES;
export type NewShopType = CreatableStoreType | 'franchise';

/** What the form offers: a supplier (the dssupplier-admin keychain) may also open a franchise. */
export function shopTypesFor(keychain: readonly string[] | null | undefined): readonly NewShopType[] {
  return keychain?.includes('dssupplier-admin') ? SUPPLIER_STORE_TYPES : NEW_SHOP_TYPES;
}

export const DEFAULT_SHOP_TYPE: NewShopType = 'others';
