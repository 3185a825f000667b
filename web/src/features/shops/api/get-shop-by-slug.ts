/**
 * Moved to the storefront feature. Kept so that routes written against the old path (the accounts
 * engineer's /tienda/$shopSlug/preferencias) keep building; import from
 * `@/features/storefront/api/get-shop-by-slug` instead, then delete this file.
 */
export { getShopBySlug, shopBySlugQueryOptions, useShopBySlug, type Shop } from '@/features/storefront/api/get-shop-by-slug';
