import type { QueryClient } from '@tanstack/react-query';
import { CatalogueLimits, type ItemType, type ShopSection } from '@vitrina/contracts';
import type { CataloguesParams } from './get-catalogues';
import { cataloguesQueryOptions } from './get-catalogues';
import { shopBySlugQueryOptions } from './get-shop-by-slug';
import { shopItemsQueryOptions, type ShopItemsParams } from './search-shop-items';
import type { ViewerId } from './viewer-key';
import { catalogueOwnerRef } from '@/features/storefront/lib/shop-path';

const SECTION_TYPES: Partial<Record<ShopSection, ItemType>> = {
  products: 'product',
  services: 'service',
  experiences: 'experience',
  digital: 'digital',
};

interface HomeShop {
  slug: string;
  owner: string;
  store_theme_info: { sections_info: ShopSection[] };
}

/** The item rows of the shop home, in the order of store_theme_info.sections_info. */
export function homeItemTypes(shop: HomeShop): ItemType[] {
  return shop.store_theme_info.sections_info
    .map((section) => SECTION_TYPES[section])
    .filter((type): type is ItemType => type !== undefined);
}

/** A row's first items (spec 1 §9 'shop listing': 10). */
export function homeItemsParams(shop: HomeShop, type: ItemType): ShopItemsParams {
  return { shop: shop.slug, type, offset: 0, limit: CatalogueLimits.modalProductsPageSize };
}

/** The catalogue row (spec 1 §9 'catalogue home': 20). */
export function homeCataloguesParams(shop: HomeShop): CataloguesParams {
  return { owner: catalogueOwnerRef(shop), offset: 0, limit: CatalogueLimits.cataloguesHome };
}

/**
 * Starts the home's row queries as soon as the shop is known (its loader runs beside the shop route's), so
 * they come back while the page's code renders instead of being asked for after its first render (issue 10
 * §3, LCP on a phone). Not awaited by the route: the rows show their skeletons if they are slower.
 */
export async function prefetchShopHome(queryClient: QueryClient, slug: string, viewer: ViewerId): Promise<void> {
  const shop = queryClient.getQueryData(shopBySlugQueryOptions(slug, viewer).queryKey);
  if (!shop) return;
  const rows = homeItemTypes(shop).map((type) => queryClient.prefetchQuery(shopItemsQueryOptions(homeItemsParams(shop, type), viewer)));
  const catalogues = shop.store_theme_info.sections_info.includes('catalogues')
    ? [queryClient.prefetchQuery(cataloguesQueryOptions(homeCataloguesParams(shop), viewer))]
    : [];
  await Promise.all([...rows, ...catalogues]);
}
