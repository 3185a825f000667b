import { useShopMenuOptions } from '@/features/storefront/api/get-shop-menu';
import { menuEntriesOf, shopMenuEntries, type MenuEntry } from '@/features/storefront/lib/shop-menu';
import { useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';

/**
 * The shop menu: for signed-in viewers the store service's answer (admin, public or proxy), for anonymous
 * visitors (who fetch no menu options) and while it loads or when it fails, the read-only menu built from the
 * shop's sections.
 */
export function useShopMenu(): MenuEntry[] {
  const shop = useShop();
  const viewer = useViewer();
  const { data } = useShopMenuOptions(shop, viewer.userId);
  // Admin-only targets (retail -> /admin/...) are issue 5's; the storefront shows the public entries.
  return data ? menuEntriesOf(data).filter((entry) => !entry.path.startsWith('/admin')) : shopMenuEntries(shop.store_theme_info.sections_info);
}
