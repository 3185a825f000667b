import type { MenuJson, ShopJson, ShopSection } from '@vitrina/contracts';
import type { ShopEditAction } from '@/lib/shop-edit-channel';

export type MenuKey = ShopSection | 'info';

export interface MenuEntry {
  key: MenuKey;
  /** Shop-relative path. */
  path: string;
  /** Admin menu (issue 5): a plus button beside the section. */
  canAdd?: boolean;
}

/**
 * spec 1 §2 'Shop menu': links to /productos, /servicios, /experiencias, /digitales, /blogs, /franquicias and
 * /info; sections show according to the shop's settings (store_theme_info.sections_info). This is the
 * non-admin, read-only menu (proxy shops get it too), in the store service's order; retail (contact) is an
 * admin entry of franchise stores only.
 */
const ORDER: readonly MenuEntry[] = [
  { key: 'products', path: '/productos' },
  { key: 'services', path: '/servicios' },
  { key: 'experiences', path: '/experiencias' },
  { key: 'digital', path: '/digitales' },
  { key: 'catalogues', path: '/catalogos' },
  { key: 'blogs', path: '/blogs' },
  { key: 'franchises', path: '/franquicias' },
  { key: 'info', path: '/info' },
];

export function shopMenuEntries(sections: readonly ShopSection[]): MenuEntry[] {
  const on = new Set<MenuKey>([...sections, 'info']);
  return ORDER.filter((entry) => on.has(entry.key));
}

/** The store service's menu answer as entries (for signed-in viewers; the admin one carries `can_add`). */
export function menuEntriesOf(menu: MenuJson): MenuEntry[] {
  return menu.results.map((option) => ({ key: option.key, path: option.path, canAdd: option.can_add }));
}

/** spec 1 §6 'Shop admin/owner': the owner with the admin permission; spec 1 §2: never on proxy shops. */
export function isShopAdmin(shop: Pick<ShopJson, 'permissions' | 'is_proxy'>, isOwner: boolean): boolean {
  return isOwner && !shop.is_proxy && shop.permissions.includes('admin');
}

/**
 * The menu a viewer sees. The admin menu (plus buttons, every addable section, retail -> settings) only when the
 * server answers it and the viewer is the shop's admin; an owner without the admin permission gets the shop's
 * read-only sections. Public and proxy answers are read-only links (admin-only targets such as /admin/... out);
 * anonymous visitors, a loading or a failed menu get the read-only menu built from the shop's sections.
 */
export function visibleMenu(
  shop: Pick<ShopJson, 'permissions' | 'is_proxy' | 'store_theme_info'>,
  menu: MenuJson | undefined,
  isOwner: boolean,
): MenuEntry[] {
  const fallback = shopMenuEntries(shop.store_theme_info.sections_info);
  if (!menu) return fallback;
  if (menu.mode === 'admin') return isShopAdmin(shop, isOwner) ? menuEntriesOf(menu) : fallback;
  return menuEntriesOf(menu)
    .filter((entry) => !entry.path.startsWith('/admin'))
    .map((entry) => ({ ...entry, canAdd: false }));
}

/** The sections a plus button can stand beside (info never has one). */
export type AddableKey = Exclude<MenuKey, 'info'>;

/** What a section's plus button does: open one of the owner's editors, or go to a page of the shop. */
export type MenuAddTarget = { section: AddableKey } & ({ open: ShopEditAction } | { navigate: string });

/**
 * Issue 5: products/services/experiences/digital open the add-products modal on that tab, catalogues the
 * new-catalogue form, franchises the franchise picker; blogs (no blog editor page yet) and retail (contact,
 * the settings page) go to the path the server gives.
 */
export function menuAddTarget(entry: MenuEntry): MenuAddTarget | null {
  if (!entry.canAdd) return null;
  switch (entry.key) {
    case 'products':
      return { section: entry.key, open: { kind: 'add-items', itemType: 'product' } };
    case 'services':
      return { section: entry.key, open: { kind: 'add-items', itemType: 'service' } };
    case 'experiences':
      return { section: entry.key, open: { kind: 'add-items', itemType: 'experience' } };
    case 'digital':
      return { section: entry.key, open: { kind: 'add-items', itemType: 'digital' } };
    case 'catalogues':
      return { section: entry.key, open: { kind: 'new-catalogue' } };
    case 'franchises':
      return { section: entry.key, open: { kind: 'franchises' } };
    case 'blogs':
    case 'retail':
      return { section: entry.key, navigate: entry.path };
    case 'info':
      return null;
  }
}
