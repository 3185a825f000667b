import { useShopMenuOptions } from '@/features/storefront/api/get-shop-menu';
import { visibleMenu, type MenuEntry } from '@/features/storefront/lib/shop-menu';
import { useIsShopOwner, useShop, useViewer } from '@/features/storefront/components/shared/storefront-context';

/**
 * The shop menu: for signed-in viewers the store service's answer (admin, public or proxy), for anonymous
 * visitors (who fetch no menu options) and while it loads or when it fails, the read-only menu built from the
 * shop's sections. Only the shop's admin gets entries with `canAdd` (spec 1 §2, §6).
 */
export function useShopMenu(): MenuEntry[] {
  const shop = useShop();
  const viewer = useViewer();
  const isOwner = useIsShopOwner();
  const { data } = useShopMenuOptions(shop, viewer.userId);
  return visibleMenu(shop, data, isOwner);
}
